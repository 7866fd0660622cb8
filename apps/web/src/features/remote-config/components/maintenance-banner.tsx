import { Alert } from 'antd';
import { useRemoteConfig } from '../use-remote-config.ts';

/** `app.maintenanceBanner`: the super admin's notice across the top of every page while set. */
export function MaintenanceBanner() {
  const text = useRemoteConfig('app.maintenanceBanner').trim();
  if (!text) return null;
  return <Alert banner type="warning" showIcon role="status" title={text} />;
}
