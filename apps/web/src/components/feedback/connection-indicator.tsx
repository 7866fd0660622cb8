import { SyncOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useServerUnreachable } from '../../lib/connection-state.ts';
import './feedback.css';

export const CONNECTION_LOST_TEXT = 'Нет связи с сервером — повторяем…';

/**
 * The one place that says the server does not answer: a small pill at the top of the screen,
 * over every layout (on phones in the header's title spot, clear of the menu button, the bell and
 * the avatar), that neither blocks the page nor takes clicks. Requests keep being repeated
 * meanwhile (lib/api-client.ts, lib/query-client.ts); it goes away as soon as the server answers.
 * The live region is always there so that screen readers announce the text when it appears.
 */
export function ConnectionIndicator() {
  const unreachable = useServerUnreachable();
  const { token } = theme.useToken();
  return (
    <div className="smena-connection" role="status" aria-live="polite">
      {unreachable && (
        <div
          className="smena-connection__pill"
          style={{
            background: token.colorBgElevated,
            color: token.colorText,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          <SyncOutlined spin style={{ color: token.colorWarning }} aria-hidden />
          <span>{CONNECTION_LOST_TEXT}</span>
        </div>
      )}
    </div>
  );
}
