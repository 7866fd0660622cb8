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
import './deviations.css';

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
  isPhone = false,
}: {
  items: DeviationItem[];
  loading: boolean;
  selected: string[];
  onSelect: (keys: string[]) => void;
  onAction: (item: DeviationItem, action: DeviationActionType) => void;
  empty: React.ReactNode;
  /** A phone: one column holding the date, the person, the deviation, its status and decision. */
  isPhone?: boolean;
}) {
  const what = (item: DeviationItem) => (
    <>
      {deviationTypeLabels[item.type]}
      {item.amount !== null && describeAmount(item) && (
        <Typography.Text type="secondary"> · {describeAmount(item)}</Typography.Text>
      )}
    </>
  );
  const status = (item: DeviationItem) => (
    <Tag color={item.status === 'NEW' ? 'blue' : 'green'}>{deviationStatusLabels[item.status]}</Tag>
  );
  const actions: ColumnsType<DeviationItem>[number] = {
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
  };
  const phoneColumns: ColumnsType<DeviationItem> = [
    {
      title: 'Отклонение',
      key: 'deviation',
      render: (_, item) => (
        <div className="smena-deviation-cell">
          <Typography.Text type="secondary">
            {item.date} · {item.employeeName}
          </Typography.Text>
          <div>{what(item)}</div>
          <div>{status(item)}</div>
          <LastAction item={item} />
        </div>
      ),
    },
    actions,
  ];
  const columns: ColumnsType<DeviationItem> = isPhone
    ? phoneColumns
    : [
        { title: 'Дата', dataIndex: 'date', key: 'date', width: 110 },
        { title: 'Сотрудник', dataIndex: 'employeeName', key: 'employeeName' },
        {
          title: 'Отклонение',
          key: 'type',
          render: (_, item) => what(item),
        },
        { title: 'Статус', key: 'status', width: 100, render: (_, item) => status(item) },
        { title: 'Решение', key: 'resolution', render: (_, item) => <LastAction item={item} /> },
        actions,
      ];
  return (
    <Table<DeviationItem>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={items}
      loading={loading}
      scroll={isPhone ? undefined : { x: 'max-content' }}
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
