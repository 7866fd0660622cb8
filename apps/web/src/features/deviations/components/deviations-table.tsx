import {
  type DeviationActionType,
  type DeviationItem,
  actionFitsDeviation,
  deviationActionLabels,
  deviationStatusLabels,
  deviationTypeLabels,
} from '@smena/contract';
import { Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { RowActions } from '../../../components/layout/row-actions.tsx';
import { describeAmount } from '../deviation-format.ts';

export const DEVIATION_ACTIONS: readonly DeviationActionType[] = [
  'EXCUSE',
  'SET_CODE',
  'APPROVE_OVERTIME',
  'PAY_DOUBLE',
  'REST_DAY',
  'COMMENT',
];

/** The actions of a row's «…» menu: those that fit its type. */
export function actionsFor(item: DeviationItem): DeviationActionType[] {
  return DEVIATION_ACTIONS.filter((action) => actionFitsDeviation(action, item.type));
}

function LastAction({ item }: { item: DeviationItem }) {
  const last = item.actions[item.actions.length - 1];
  if (!last) return null;
  const when = last.createdAt.slice(0, 10);
  return (
    <Tooltip
      title={item.actions
        .map(
          (record) =>
            `${record.createdAt.slice(0, 10)} ${record.actedByName ?? ''}: ${deviationActionLabels[record.action]}${record.code ? ` ${record.code}` : ''} — ${record.comment}`,
        )
        .join('\n')}
    >
      <div>
        <Typography.Text>
          {deviationActionLabels[last.action]}
          {last.code ? ` ${last.code}` : ''}
        </Typography.Text>
        <div>
          <Typography.Text type="secondary">
            {last.comment} · {last.actedByName ?? 'Удалённый сотрудник'}, {when}
          </Typography.Text>
        </div>
      </div>
    </Tooltip>
  );
}

/** The inbox: one row per employee, date and deviation; rows are picked for bulk actions. */
export function DeviationsTable({
  items,
  loading,
  selected,
  onSelect,
  onAction,
  empty,
}: {
  items: DeviationItem[];
  loading: boolean;
  selected: string[];
  onSelect: (keys: string[]) => void;
  onAction: (item: DeviationItem, action: DeviationActionType) => void;
  empty: React.ReactNode;
}) {
  const columns: ColumnsType<DeviationItem> = [
    { title: 'Дата', dataIndex: 'date', key: 'date', width: 110 },
    { title: 'Сотрудник', dataIndex: 'employeeName', key: 'employeeName' },
    {
      title: 'Отклонение',
      key: 'type',
      render: (_, item) => (
        <>
          {deviationTypeLabels[item.type]}
          {item.amount !== null && describeAmount(item) && (
            <Typography.Text type="secondary"> · {describeAmount(item)}</Typography.Text>
          )}
        </>
      ),
    },
    {
      title: 'Статус',
      key: 'status',
      width: 100,
      render: (_, item) => (
        <Tag color={item.status === 'NEW' ? 'blue' : 'green'}>
          {deviationStatusLabels[item.status]}
        </Tag>
      ),
    },
    { title: 'Решение', key: 'resolution', render: (_, item) => <LastAction item={item} /> },
    {
      key: 'actions',
      width: 48,
      render: (_, item) => (
        <RowActions<DeviationActionType>
          label={`${item.employeeName}, ${item.date}, ${deviationTypeLabels[item.type]}`}
          items={actionsFor(item).map((action) => ({
            key: action,
            label: deviationActionLabels[action],
          }))}
          onAction={(action) => onAction(item, action)}
        />
      ),
    },
  ];
  return (
    <Table<DeviationItem>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={items}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(String)),
      }}
      pagination={{
        defaultPageSize: 50,
        showSizeChanger: true,
        showTotal: (total) => `${total} записей`,
      }}
    />
  );
}
