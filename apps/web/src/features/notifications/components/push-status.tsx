import {
  BellOutlined,
  CheckCircleOutlined,
  MinusCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { pushErrorMessages } from '@smena/contract';
import { Alert, Button, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { PushState, PushStatus } from '../push.ts';
import type { PushControl } from '../use-push-control.ts';
import './notifications.css';

const statusView: Record<
  PushStatus,
  { label: string; color: string; icon: ReactNode; hint: string }
> = {
  enabled: {
    label: 'включены',
    color: 'success',
    icon: <CheckCircleOutlined />,
    hint: 'Уведомления приходят в этот браузер, даже когда вкладка с приложением закрыта.',
  },
  disabled: {
    label: 'выключены',
    color: 'default',
    icon: <BellOutlined />,
    hint: 'Включите, и браузер спросит разрешение показывать уведомления.',
  },
  denied: {
    label: 'запрещены в браузере',
    color: 'error',
    icon: <StopOutlined />,
    hint: 'Разрешите уведомления для этого сайта в настройках браузера (значок слева от адреса), затем обновите страницу.',
  },
  unsupported: {
    label: 'не поддерживаются',
    color: 'default',
    icon: <MinusCircleOutlined />,
    hint: pushErrorMessages.unsupportedBrowser,
  },
};

/** Why a subscription usually fails: the push service is out of reach in such windows. */
const SUBSCRIBE_HINT =
  'Push не работает в приватном окне (инкогнито) и без доступа к сервису уведомлений браузера. Откройте сайт в обычном окне и повторите.';

function hintOf(state: PushState, disabledHint: string | undefined): string {
  if (state.status === 'unsupported') return pushErrorMessages[state.reason];
  if (state.status === 'disabled' && disabledHint) return disabledHint;
  return statusView[state.status].hint;
}

/**
 * This browser's push state («включены / выключены / запрещены в браузере / не поддерживаются»),
 * the button that changes it and the Russian error of the last attempt.
 */
export function PushStatusView({
  control,
  title = 'Push-уведомления',
  disabledHint,
  enableLabel = 'Включить',
  extraActions,
}: {
  control: PushControl;
  title?: string;
  /** What enabling gives this person (replaces the generic hint while push is off). */
  disabledHint?: string;
  enableLabel?: string;
  extraActions?: ReactNode;
}) {
  const { state, busy, error } = control;
  if (!state) return <Skeleton active avatar paragraph={{ rows: 1 }} title={false} />;
  const view = statusView[state.status];
  const isEnabled = state.status === 'enabled';
  return (
    <div className="smena-push">
      <div className="smena-push-status">
        <span
          className={`smena-push-status__icon smena-push-status__icon--${state.status}`}
          aria-hidden
        >
          {view.icon}
        </span>
        <div className="smena-push-status__text">
          <div role="status">
            <Typography.Text strong>{title}: </Typography.Text>
            <Tag color={view.color} variant="filled" style={{ marginInlineEnd: 0 }}>
              {view.label}
            </Tag>
          </div>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {hintOf(state, disabledHint)}
          </Typography.Paragraph>
        </div>
      </div>
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          description={error === pushErrorMessages.subscribeFailed ? SUBSCRIBE_HINT : undefined}
          style={{ marginTop: 16 }}
          role="alert"
        />
      )}
      <div className="smena-push__actions">
        {isEnabled ? (
          <Button
            onClick={() => void control.disable()}
            loading={busy === 'disable'}
            disabled={busy !== null}
          >
            Отключить
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<BellOutlined />}
            onClick={() => void control.enable()}
            loading={busy === 'enable'}
            disabled={busy !== null || state.status === 'unsupported'}
          >
            {enableLabel}
          </Button>
        )}
        {extraActions}
      </div>
    </div>
  );
}
