import { BellOutlined } from '@ant-design/icons';
import { notificationKindLabels, type Notification } from '@smena/contract';
import { Alert, Badge, Button, Drawer, Empty, Grid, Popover, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotifications, useUnreadNotificationsCount } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { appPath, bellLabel, formatMoment, formatRelativeTime } from '../notification-format.ts';
import './notifications.css';

/** The first page of the list, and how much «Показать ещё» adds (the API's limit is 100). */
const PAGE_SIZE = 20;
const MAX_LIMIT = 100;
const PANEL_TITLE = 'Уведомления';

function NotificationItem({
  notification,
  now,
  onOpen,
}: {
  notification: Notification;
  now: number;
  onOpen: (notification: Notification) => void;
}) {
  const unread = !notification.read;
  return (
    <li>
      <button
        type="button"
        className={unread ? 'smena-notice smena-notice--unread' : 'smena-notice'}
        onClick={() => onOpen(notification)}
      >
        <span className="smena-notice__dot" aria-hidden />
        <span className="smena-notice__main">
          <span className="smena-notice__title">
            {unread && <span className="smena-visually-hidden">Новое: </span>}
            {notification.title}
          </span>
          {notification.body && <span className="smena-notice__body">{notification.body}</span>}
          <span className="smena-notice__meta">
            <span className="smena-notice__kind">{notificationKindLabels[notification.kind]}</span>
            <span aria-hidden>·</span>
            <time dateTime={notification.createdAt} title={formatMoment(notification.createdAt)}>
              {formatRelativeTime(notification.createdAt, now)}
            </time>
          </span>
        </span>
      </button>
    </li>
  );
}

function MarkAllButton({ unread }: { unread: number }) {
  const markRead = useMarkNotificationsRead();
  return (
    <Button
      type="link"
      size="small"
      className="smena-notices__mark-all"
      disabled={unread === 0}
      loading={markRead.isPending}
      onClick={() => markRead.mutate({})}
    >
      Отметить все прочитанными
    </Button>
  );
}

/** The list of the bell: newest first, unread in bold with a dot; a click opens the page. */
function NotificationsPanel({ onClose }: { onClose: () => void }) {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const list = useNotifications({ limit }, true);
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const items = list.data?.items ?? [];

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    const path = appPath(notification.url);
    onClose();
    if (path) void navigate(path);
  };

  if (list.isPending) {
    return (
      <div className="smena-notices__state">
        <Spin aria-label="Загрузка уведомлений" />
      </div>
    );
  }
  if (list.isError && items.length === 0) {
    return (
      <div className="smena-notices__state">
        <Alert
          type="error"
          showIcon
          title="Не удалось загрузить уведомления"
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              Повторить
            </Button>
          }
        />
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="smena-notices__state">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Уведомлений пока нет" />
      </div>
    );
  }
  const hasMore = items.length < (list.data?.total ?? 0) && limit < MAX_LIMIT;
  return (
    <div className="smena-notices__scroll">
      <ul className="smena-notices__list" aria-label="Список уведомлений">
        {items.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            // The moment the list was read: relative times move on with each poll.
            now={list.dataUpdatedAt}
            onOpen={open}
          />
        ))}
      </ul>
      {hasMore && (
        <div className="smena-notices__more">
          <Button
            type="link"
            loading={list.isFetching}
            onClick={() => setLimit(Math.min(MAX_LIMIT, limit + PAGE_SIZE))}
          >
            Показать ещё
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The header's bell: the unread count (polled every minute and on window focus) and the list in
 * a popover, or a full-width drawer on phones.
 */
export function NotificationBell() {
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const [open, setOpen] = useState(false);
  const unreadCount = useUnreadNotificationsCount();
  const unread = unreadCount.data ?? 0;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const button = (
    <Button
      ref={buttonRef}
      type="text"
      shape="circle"
      className="smena-bell"
      aria-label={bellLabel(unread)}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={isPhone ? () => setOpen(true) : undefined}
      icon={
        <Badge count={unread} size="small" overflowCount={99} offset={[4, -2]}>
          <BellOutlined className="smena-bell__icon" />
        </Badge>
      }
    />
  );

  if (isPhone) {
    return (
      <>
        {button}
        <Drawer
          open={open}
          onClose={() => setOpen(false)}
          placement="right"
          size="100%"
          title={PANEL_TITLE}
          extra={<MarkAllButton unread={unread} />}
          className="smena-notices smena-notices--drawer"
          styles={{ body: { padding: 0 } }}
          destroyOnHidden
        >
          <NotificationsPanel onClose={() => setOpen(false)} />
        </Drawer>
      </>
    );
  }

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      // Keyboard users land in the list; Escape brings them back to the bell.
      afterOpenChange={(isOpen) => {
        if (isOpen) panelRef.current?.focus();
      }}
      classNames={{ root: 'smena-notices smena-notices--popover', container: 'smena-notices__box' }}
      content={
        <div
          ref={panelRef}
          role="dialog"
          aria-labelledby="smena-notices-heading"
          tabIndex={-1}
          className="smena-notices__panel"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            setOpen(false);
            buttonRef.current?.focus();
          }}
        >
          <div className="smena-notices__header">
            <span id="smena-notices-heading" className="smena-notices__heading">
              {PANEL_TITLE}
            </span>
            <MarkAllButton unread={unread} />
          </div>
          <NotificationsPanel onClose={() => setOpen(false)} />
        </div>
      }
    >
      {button}
    </Popover>
  );
}
