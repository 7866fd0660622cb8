import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import {
  STREAM_WIDTH,
  TRANSITION_MS,
  type AppNotification,
  type NotificationType,
} from './notification-center.ts';
import { notificationCenter } from './notify.ts';
import './notifications.css';

const icons: Record<NotificationType, ReactNode> = {
  info: <InfoCircleFilled />,
  success: <CheckCircleFilled />,
  error: <CloseCircleFilled />,
  warning: <ExclamationCircleFilled />,
};

function NotificationCard({ item }: { item: AppNotification }) {
  const { token } = theme.useToken();
  const colors: Record<NotificationType, string> = {
    info: token.colorInfo,
    success: token.colorSuccess,
    error: token.colorError,
    warning: token.colorWarning,
  };
  return (
    <div
      className={`smena-notification${item.closing ? ' smena-notification--closing' : ''}`}
      role={item.type === 'error' ? 'alert' : 'status'}
      aria-live="off"
      style={{
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        borderLeft: `4px solid ${colors[item.type]}`,
        transitionDuration: `${TRANSITION_MS}ms`,
        animationDuration: `${TRANSITION_MS}ms`,
      }}
    >
      <span className="smena-notification__icon" style={{ color: colors[item.type] }} aria-hidden>
        {icons[item.type]}
      </span>
      <div className="smena-notification__body">
        <div className="smena-notification__title" style={{ color: token.colorTextHeading }}>
          {item.title}
        </div>
        <div className="smena-notification__message" style={{ color: token.colorText }}>
          {item.message}
        </div>
        {item.action && (
          <Button
            type="primary"
            size="small"
            className="smena-notification__action"
            onClick={() => {
              item.action?.onClick();
              notificationCenter.dismiss(item.id);
            }}
          >
            {item.action.label}
          </Button>
        )}
      </div>
      <Button
        type="text"
        size="small"
        className="smena-notification__close"
        aria-label="Закрыть уведомление"
        icon={<CloseOutlined />}
        onClick={() => notificationCenter.dismiss(item.id)}
      />
    </div>
  );
}

const subscribe = (listener: () => void) => notificationCenter.subscribe(listener);
const getState = () => notificationCenter.getState();

/**
 * The notification stream (top right, 360 px) and its screen-reader live region.
 * Control+N moves the keyboard focus into the stream.
 */
export function NotificationStream() {
  const state = useSyncExternalStore(subscribe, getState);
  const streamRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.ctrlKey &&
        !event.altKey &&
        !event.shiftKey &&
        !event.metaKey &&
        event.code === 'KeyN'
      ) {
        event.preventDefault();
        const stream = streamRef.current;
        if (!stream) return;
        const firstButton = stream.querySelector<HTMLElement>('button');
        (firstButton ?? stream).focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <section
        ref={streamRef}
        className="smena-notification-stream"
        aria-label="Уведомления (Ctrl+N)"
        tabIndex={-1}
        style={{ width: STREAM_WIDTH }}
        onMouseEnter={() => notificationCenter.pause()}
        onMouseLeave={() => notificationCenter.resume()}
        onFocus={() => notificationCenter.pause()}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) notificationCenter.resume();
        }}
      >
        {state.visible.map((item) => (
          <NotificationCard key={item.id} item={item} />
        ))}
      </section>
      <div className="smena-visually-hidden" aria-live="polite" aria-atomic="false" role="log">
        {state.announcements.map((announcement) => (
          <p key={announcement.id}>{announcement.text}</p>
        ))}
      </div>
    </>
  );
}
