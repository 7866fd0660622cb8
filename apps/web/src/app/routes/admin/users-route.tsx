import type { AdminUser, AdminUserStatus, ListAdminUsersQuery } from '@smena/contract';
import { App, Button, Card, Empty, Grid, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { SearchInput } from '../../../components/form/search-input.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { PagedTable, type PagedColumn } from '../../../components/layout/paged-table.tsx';
import { RowActions } from '../../../components/layout/row-actions.tsx';
import { titles } from '../../../config/titles.ts';
import { useAdminUsers } from '../../../features/admin-users/api/get-admin-users.ts';
import { useResetUserPassword } from '../../../features/admin-users/api/reset-user-password.ts';
import { useSetUserBlocked } from '../../../features/admin-users/api/set-user-blocked.ts';
import {
  blockBlocker,
  isMembershipLive,
  membershipLabel,
  userFullName,
  usersListQuery,
} from '../../../features/admin-users/user-format.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { displayPhone } from '../../../lib/phone-display.ts';
import { hasListFilters, useListQuery } from '../../../lib/list-query.ts';

type SortKey = ListAdminUsersQuery['sort'];
type UserAction = 'block' | 'unblock' | 'reset-password';

const SORT_OPTIONS: { value: SortKey; label: string; order?: 'asc' | 'desc' }[] = [
  { value: 'createdAt', label: 'Сначала новые', order: 'desc' },
  { value: 'name', label: 'По ФИО' },
  { value: 'email', label: 'По email' },
];

const STATUS_OPTIONS: { value: AdminUserStatus; label: string }[] = [
  { value: 'ACTIVE', label: 'Активные' },
  { value: 'BLOCKED', label: 'Заблокированные' },
];

function UserStatusTag({ user }: { user: AdminUser }) {
  return user.status === 'ACTIVE' ? (
    <Tag color="green">Активен</Tag>
  ) : (
    <Tag color="red">Заблокирован</Tag>
  );
}

function Memberships({ user }: { user: AdminUser }) {
  if (user.isSuperAdmin && user.memberships.length === 0) {
    return <Tag color="gold">Супер админ</Tag>;
  }
  if (user.memberships.length === 0) {
    return <Typography.Text type="secondary">Нет компаний</Typography.Text>;
  }
  return (
    <div className="smena-user-memberships">
      {user.isSuperAdmin && <Tag color="gold">Супер админ</Tag>}
      {user.memberships.map((membership) => (
        <div key={membership.companyId}>
          <Typography.Text type={isMembershipLive(membership) ? undefined : 'secondary'}>
            {membership.companyTitle}
          </Typography.Text>{' '}
          <Typography.Text type="secondary">— {membershipLabel(membership)}</Typography.Text>
        </div>
      ))}
    </div>
  );
}

/** «Пользователи»: every person of the service, their companies and roles; block, reset password. */
export function Component() {
  const { modal } = App.useApp();
  const isPhone = Grid.useBreakpoint().md === false;
  const { profile } = useSession();
  const { query, update, reset } = useListQuery(usersListQuery);
  const users = useAdminUsers(query);
  const setBlocked = useSetUserBlocked();
  const resetPassword = useResetUserPassword();
  const onSearch = useCallback((search: string | undefined) => update({ search }), [update]);

  const actionItems = (user: AdminUser) => {
    const blocker = blockBlocker(user, profile?.id);
    return [
      {
        key: 'reset-password',
        label: 'Сбросить пароль',
        disabled: user.status === 'BLOCKED',
      },
      { type: 'divider' as const },
      user.status === 'ACTIVE'
        ? {
            key: 'block',
            label: blocker ? `Заблокировать (${blocker.toLowerCase()})` : 'Заблокировать',
            danger: blocker === null,
            disabled: blocker !== null,
          }
        : { key: 'unblock', label: 'Разблокировать' },
    ];
  };

  const confirmBlock = (user: AdminUser, blocking: boolean) => {
    const name = userFullName(user);
    modal.confirm({
      title: 'Вы уверены?',
      content: blocking
        ? `${name} будет заблокирован(а): все сессии завершатся сразу, войти снова не получится, пока вы не разблокируете.`
        : `${name} снова сможет входить в систему.`,
      okText: blocking ? 'Заблокировать' : 'Разблокировать',
      okButtonProps: { danger: blocking },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await setBlocked.mutateAsync({ id: user.id, blocked: blocking });
          notify.success(
            blocking ? `${name}: доступ заблокирован` : `${name}: доступ восстановлен`,
          );
        } catch {
          // The query client has already shown the server's message.
        }
      },
    });
  };

  const confirmReset = (user: AdminUser) => {
    modal.confirm({
      title: 'Сбросить пароль?',
      content: `На номер ${displayPhone(user.phone)} придёт SMS с кодом. С ним ${userFullName(user)} задаст новый пароль на странице «Восстановление пароля». Текущий пароль продолжит работать, пока не будет изменён.`,
      okText: 'Отправить SMS',
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          const { message } = await resetPassword.mutateAsync(user.id);
          notify.success(message, 'SMS отправлено');
        } catch {
          // The query client has already shown the server's message.
        }
      },
    });
  };

  const onAction = (action: UserAction, user: AdminUser) => {
    if (action === 'reset-password') confirmReset(user);
    else confirmBlock(user, action === 'block');
  };

  const columns: PagedColumn<AdminUser, SortKey>[] = [
    {
      key: 'name',
      title: 'Пользователь',
      sortKey: 'name',
      width: 280,
      render: (_value, user) => (
        <>
          <div className="smena-cell-main">{userFullName(user)}</div>
          <div className="smena-cell-sub">{user.email}</div>
        </>
      ),
    },
    {
      key: 'phone',
      title: 'Телефон',
      dataIndex: 'phone',
      render: (phone: string) => displayPhone(phone),
    },
    {
      key: 'memberships',
      title: 'Компании и роли',
      width: 340,
      render: (_value, user) => <Memberships user={user} />,
    },
    {
      key: 'status',
      title: 'Статус',
      render: (_value, user) => <UserStatusTag user={user} />,
    },
    {
      key: 'createdAt',
      title: 'Создан',
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      render: (value: string) => dayjs(value).format(DATE_FORMAT),
    },
    {
      key: 'actions',
      title: <span className="smena-visually-hidden">Действия</span>,
      width: 56,
      align: 'center',
      fixed: 'right',
      render: (_value, user) => (
        <RowActions<UserAction>
          label={userFullName(user)}
          items={actionItems(user)}
          onAction={(action) => onAction(action, user)}
        />
      ),
    },
  ];

  const filtered = hasListFilters(usersListQuery, query, ['search', 'status']);
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        filtered
          ? 'Никого не нашли: измените условия поиска'
          : 'Пользователей пока нет: они появятся, когда компании зарегистрируются'
      }
    >
      {filtered && <Button onClick={reset}>Сбросить фильтры</Button>}
    </Empty>
  );

  return (
    <Page title={titles.admin.users}>
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <div className="smena-list-filters">
          <SearchInput
            value={query.search}
            onSearch={onSearch}
            placeholder="Поиск по ФИО, email, телефону"
            label="Поиск пользователей"
            style={{ flex: '1 1 260px', maxWidth: isPhone ? undefined : 380 }}
          />
          <Select
            aria-label="Статус"
            className="smena-list-filters__select"
            allowClear
            placeholder="Все статусы"
            value={query.status}
            options={STATUS_OPTIONS}
            onChange={(status?: AdminUserStatus) => update({ status })}
          />
        </div>
        <PagedTable<AdminUser, SortKey>
          label="Пользователи"
          data={users.data}
          loading={users.isFetching}
          query={query}
          defaultSort={{
            sort: usersListQuery.defaults.sort,
            order: usersListQuery.defaults.order,
          }}
          columns={columns}
          rowKey={(user) => user.id}
          onChange={update}
          empty={empty}
          isPhone={isPhone}
          sortOptions={SORT_OPTIONS}
          renderCard={(user) => (
            <Card size="small" variant="borderless">
              <div className="smena-list-card__head">
                <div>
                  <div className="smena-list-card__title">{userFullName(user)}</div>
                  <div className="smena-list-card__meta">
                    {user.email} · {displayPhone(user.phone)}
                  </div>
                </div>
                <RowActions<UserAction>
                  label={userFullName(user)}
                  items={actionItems(user)}
                  onAction={(action) => onAction(action, user)}
                />
              </div>
              <div className="smena-list-card__facts">
                <UserStatusTag user={user} />
              </div>
              <div style={{ marginTop: 8 }}>
                <Memberships user={user} />
              </div>
            </Card>
          )}
        />
      </Card>
    </Page>
  );
}
