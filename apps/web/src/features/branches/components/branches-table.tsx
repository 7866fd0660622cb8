import { EllipsisOutlined } from '@ant-design/icons';
import type { Branch } from '@smena/contract';
import { Button, Card, Dropdown, Pagination, Table, Tag, Typography, type MenuProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { timezoneLabel } from '../../../components/form/timezone-select.tsx';
import { formatCount } from '../../../components/layout/public-page-layout.tsx';
import { deleteConsequence, formatRadius } from './branch-helpers.ts';
import './branches.css';

const RECORD_FORMS = { one: 'запись', few: 'записи', many: 'записей' };
const PAGE_SIZE = 20;
const PHONE_PAGE_SIZE = 10;

export type BranchAction = 'edit' | 'delete' | 'restore';

type BranchesTableProps = {
  branches: Branch[];
  loading: boolean;
  /** The company's timezone: a branch's own zone is shown only when it differs. */
  companyTimezone: string | undefined;
  /** Cards instead of the table (phones). */
  compact: boolean;
  /** What to show when there is nothing to list. */
  empty: ReactNode;
  onAction: (action: BranchAction, branch: Branch) => void;
};

export function StatusTag({ active }: { active: boolean }) {
  return active ? <Tag color="green">Активен</Tag> : <Tag>В архиве</Tag>;
}

function actionItems(branch: Branch): MenuProps['items'] {
  const consequence = deleteConsequence(branch);
  const items: NonNullable<MenuProps['items']> = [{ key: 'edit', label: 'Изменить' }];
  if (!branch.active) items.push({ key: 'restore', label: 'Вернуть из архива' });
  // An archived branch that people still use cannot go anywhere further.
  if (branch.active || !consequence.archives) {
    items.push({ type: 'divider' });
    items.push({
      key: 'delete',
      label: consequence.archives ? 'В архив' : 'Удалить',
      danger: true,
    });
  }
  return items;
}

function ActionsMenu({
  branch,
  onAction,
}: {
  branch: Branch;
  onAction: BranchesTableProps['onAction'];
}) {
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: actionItems(branch),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          onAction(key as BranchAction, branch);
        },
      }}
    >
      <Button
        type="text"
        icon={<EllipsisOutlined />}
        aria-label={`Действия: ${branch.title}`}
        onClick={(event) => event.stopPropagation()}
      />
    </Dropdown>
  );
}

const byText = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '', 'ru');

function TimezoneCell({ zone, companyTimezone }: { zone: string; companyTimezone?: string }) {
  if (zone === companyTimezone) {
    return <Typography.Text type="secondary">как у компании</Typography.Text>;
  }
  return <>{timezoneLabel(zone)}</>;
}

/** The branches as a compact table (cards on phones), sorted and paged on the client. */
export function BranchesTable({
  branches,
  loading,
  companyTimezone,
  compact,
  empty,
  onAction,
}: BranchesTableProps) {
  const [phonePage, setPhonePage] = useState(1);
  const showTimezone = branches.some((branch) => branch.timezone !== companyTimezone);

  if (compact) {
    if (!loading && branches.length === 0) return <Card variant="borderless">{empty}</Card>;
    const lastPage = Math.max(1, Math.ceil(branches.length / PHONE_PAGE_SIZE));
    const page = Math.min(phonePage, lastPage);
    const visible = branches.slice((page - 1) * PHONE_PAGE_SIZE, page * PHONE_PAGE_SIZE);
    return (
      <>
        <div className="smena-branch-cards" aria-busy={loading}>
          {visible.map((branch) => (
            <Card key={branch.id} size="small" variant="borderless">
              <div className="smena-branch-card__head">
                <div>
                  <div className="smena-branch-card__title">{branch.title}</div>
                  <div className="smena-branch-card__meta">
                    {[branch.cityName, branch.address].filter(Boolean).join(', ') ||
                      'Адрес не указан'}
                  </div>
                </div>
                <ActionsMenu branch={branch} onAction={onAction} />
              </div>
              <div className="smena-branch-card__facts">
                <StatusTag active={branch.active} />
                <span>Радиус {formatRadius(branch.radius)}</span>
                <span>Сотрудников: {branch.employeeCount}</span>
                {branch.timezone !== companyTimezone && (
                  <span>{timezoneLabel(branch.timezone)}</span>
                )}
              </div>
            </Card>
          ))}
        </div>
        <Pagination
          className="smena-branch-cards__pagination"
          size="small"
          current={page}
          pageSize={PHONE_PAGE_SIZE}
          total={branches.length}
          onChange={setPhonePage}
          showTotal={(total) => formatCount(total, RECORD_FORMS)}
          showSizeChanger={false}
        />
      </>
    );
  }

  const columns: ColumnsType<Branch> = [
    {
      key: 'title',
      title: 'Название',
      dataIndex: 'title',
      sorter: (a, b) => byText(a.title, b.title),
      defaultSortOrder: 'ascend',
      render: (title: string) => <Typography.Text strong>{title}</Typography.Text>,
    },
    {
      key: 'address',
      title: 'Адрес',
      dataIndex: 'address',
      sorter: (a, b) => byText(a.address, b.address),
      render: (address: string) =>
        address || <Typography.Text type="secondary">не указан</Typography.Text>,
    },
    {
      key: 'city',
      title: 'Город',
      dataIndex: 'cityName',
      sorter: (a, b) => byText(a.cityName, b.cityName),
      render: (city: string | null) =>
        city ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'radius',
      title: 'Радиус',
      dataIndex: 'radius',
      align: 'right',
      sorter: (a, b) => a.radius - b.radius,
      render: (radius: number) => formatRadius(radius),
    },
    ...(showTimezone
      ? [
          {
            key: 'timezone',
            title: 'Часовой пояс',
            dataIndex: 'timezone',
            sorter: (a: Branch, b: Branch) => byText(a.timezone, b.timezone),
            render: (zone: string) => (
              <TimezoneCell zone={zone} companyTimezone={companyTimezone} />
            ),
          },
        ]
      : []),
    {
      key: 'employeeCount',
      title: 'Сотрудники',
      dataIndex: 'employeeCount',
      align: 'right',
      sorter: (a, b) => a.employeeCount - b.employeeCount,
    },
    {
      key: 'active',
      title: 'Статус',
      dataIndex: 'active',
      sorter: (a, b) => Number(b.active) - Number(a.active),
      render: (active: boolean) => <StatusTag active={active} />,
    },
    {
      key: 'actions',
      title: <span className="smena-visually-hidden">Действия</span>,
      width: 56,
      align: 'center',
      render: (_value, branch) => <ActionsMenu branch={branch} onAction={onAction} />,
    },
  ];

  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
      <Table<Branch>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={branches}
        loading={loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: loading ? ' ' : empty }}
        pagination={{
          defaultPageSize: PAGE_SIZE,
          showSizeChanger: true,
          hideOnSinglePage: false,
          showTotal: (total) => formatCount(total, RECORD_FORMS),
          style: { paddingInline: 16 },
        }}
        onRow={(branch) => ({
          onDoubleClick: () => onAction('edit', branch),
        })}
      />
    </Card>
  );
}
