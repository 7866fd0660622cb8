import { lazy, Suspense, useEffect } from 'react';
import { useRouteError } from 'react-router';
import { paths } from '../../config/paths.ts';
import { describeError, type ErrorDescription } from './describe-error.ts';

type ErrorPageProps = ErrorDescription & { embedded?: boolean };

/** The same words without antd, for when even the error page's code cannot be downloaded. */
function PlainErrorPage({ title, description, embedded }: ErrorPageProps) {
  return (
    <main className={embedded ? undefined : 'smena-error-page'}>
      <h1>{title}</h1>
      <p>{description}</p>
      <a href={paths.home}>На главную</a>
    </main>
  );
}

/**
 * The error page (antd Result and its pictures) is its own chunk: every page would otherwise
 * download it with the first screen, for the rare moment it is shown.
 */
const ErrorPage = lazy(() =>
  import('./error-page.tsx').then(
    (module) => ({ default: module.ErrorPage }),
    () => ({ default: PlainErrorPage }),
  ),
);

/** Error element of the routes: «Страница не найдена» for 404, otherwise a server error page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Suspense fallback={null}>
      <ErrorPage {...describeError(error)} />
    </Suspense>
  );
}

/** The same inside the logged-in layout: the menu and header stay. */
export function InlineRouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Suspense fallback={null}>
      <ErrorPage {...describeError(error)} embedded />
    </Suspense>
  );
}
