import { Spin } from 'antd';
import './feedback.css';

/** Shown while the first screen loads (the router's HydrateFallback) and inside lazy sections. */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      className={fullScreen ? 'smena-page-spinner smena-page-spinner--full' : 'smena-page-spinner'}
    >
      <Spin size="large" aria-label="Загрузка" />
    </div>
  );
}
