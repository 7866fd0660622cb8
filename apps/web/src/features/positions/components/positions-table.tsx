import { EllipsisOutlined } from '@ant-design/icons';
import type { Position } from '@smena/contract';
import { Button, Card, Dropdown, Table, Typography, type MenuProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { formatCount } from '../../../components/layout/public-page-layout.tsx';

const RECORD_FORMS = { one: 'запись', few: 'записи', many: 'записей' };

export type PositionAction = 'edit' | 'delete';

const ACTION_ITEMS: MenuProps['items'] = [
  { key: 'edit', label: 'Изменить' },
  { type: 'divider' },
  { key: 'delete', label: 'Удалить', danger: true },
];

/** Positions with how many people hold each; sorted and paged on the client. */
export function PositionsTable({
  positions,
  loading,
  empty,
  onAction,
}: {
  positions: Position[];
  loading: boolean;
  empty: ReactNode;
  onAction: (action: PositionAction, position: Position) => void;
}) {
  const columns: ColumnsType<Position> = [
    {
      key: 'title',
      title: 'Название',
      dataIndex: 'title',
      sorter: (a, b) => a.title.localeCompare(b.title, 'ru'),
      defaultSortOrder: 'ascend',
      render: (title: string) => <Typography.Text strong>{title}</Typography.Text>,
    },
    {
      key: 'employeeCount',
      title: 'Сотрудники',
      dataIndex: 'employeeCount',
      align: 'right',
      width: 140,
      sorter: (a, b) => a.employeeCount - b.employeeCount,
    },
    {
      key: 'actions',
      title: <span className="smena-visually-hidden">Действия</span>,
      width: 56,
      align: 'center',
      render: (_value, position) => (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: ACTION_ITEMS,
            onClick: ({ key }) => onAction(key as PositionAction, position),
          }}
        >
          <Button
            type="text"
            icon={<EllipsisOutlined />}
            aria-label={`Действия: ${position.title}`}
          />
        </Dropdown>
      ),
    },
  ];

  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
      <Table<Position>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={positions}
        loading={loading}
        locale={{ emptyText: loading ? ' ' : empty }}
        pagination={{
          defaultPageSize: 20,
          showSizeChanger: true,
          hideOnSinglePage: false,
          showTotal: (total) => formatCount(total, RECORD_FORMS),
          style: { paddingInline: 16 },
        }}
        onRow={(position) => ({ onDoubleClick: () => onAction('edit', position) })}
      />
    </Card>
  );
}
