import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { describeError } from './describe-error.ts';
import { ErrorPage } from './error-page.tsx';

/** Error element of the routes: «Страница не найдена» for 404, otherwise a server error page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorPage {...describeError(error)} />;
}

/** The same inside the logged-in layout: the menu and header stay. */
export function InlineRouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorPage {...describeError(error)} embedded />;
}
