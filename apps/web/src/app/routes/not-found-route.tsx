import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { NOT_FOUND } from '../../components/feedback/describe-error.ts';
import { ErrorPage } from '../../components/feedback/error-page.tsx';

/** Any path no route matches. */
export function Component() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`Page not found: ${pathname}`);
  }, [pathname]);
  return <ErrorPage {...NOT_FOUND} />;
}
