import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import '../../components/feedback/feedback.css';
import { MaintenanceBanner } from '../../features/remote-config/components/maintenance-banner.tsx';

/** The root of every page: a thin progress bar while the next page loads, the super admin's notice. */
export function RootRoute() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && (
        <div className="smena-nav-progress" role="progressbar" aria-label="Загрузка страницы" />
      )}
      <MaintenanceBanner />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown until the first page's code and data are there. */
export function RootHydrateFallback() {
  return <PageSpinner fullScreen />;
}
