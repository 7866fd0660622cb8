import { Spin } from 'antd';
import { useAppState } from '../../lib/app-state.ts';
import './feedback.css';

/** Full-screen semi-transparent overlay with a spinner while the `loader` flag is on (fades 200 ms). */
export function LoaderOverlay() {
  const visible = useAppState((state) => state.loader);
  return (
    <div
      className={`smena-loader${visible ? ' smena-loader--visible' : ''}`}
      aria-hidden={!visible}
      aria-busy={visible}
      data-testid="loader-overlay"
    >
      <Spin size="large" aria-label="Загрузка" />
    </div>
  );
}
