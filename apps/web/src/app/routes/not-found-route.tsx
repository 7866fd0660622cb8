import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { NOT_FOUND } from '../../components/feedback/describe-error.ts';
import { ErrorPage } from '../../components/feedback/error-page.tsx';
import { getAccessToken } from '../../lib/token-storage.ts';
import { AppFrame } from './layouts/app-layout-route.tsx';

/** Any path no route matches: inside the app's frame (menu, header) for a signed-in person. */
export function Component() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`Page not found: ${pathname}`);
  }, [pathname]);
  if (!getAccessToken()) return <ErrorPage {...NOT_FOUND} />;
  return (
    <AppFrame>
      <ErrorPage {...NOT_FOUND} embedded />
    </AppFrame>
  );
}
