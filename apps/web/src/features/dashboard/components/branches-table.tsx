import type { Dashboard } from '@smena/contract';
import { Button, Card, Empty, Progress, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { percentOf } from '../dashboard-format.ts';

type BranchRow = Dashboard['branches'][number];

/** A count that matters when it is not zero: coloured then, grey at zero. */
function Count({ value, tone }: { value: number; tone?: 'orange' | 'red' | 'gold' }) {
  const className =
    value > 0 && tone
      ? `smena-dashboard-count smena-dashboard-count--${tone}`
      : value > 0
        ? 'smena-dashboard-count'
        : 'smena-dashboard-count smena-dashboard-count--zero';
  return <span className={className}>{value}</span>;
}

const byNumber =
  (key: keyof Omit<BranchRow, 'branchId' | 'title'>) => (a: BranchRow, b: BranchRow) =>
    a[key] - b[key];

const columns: TableColumnsType<BranchRow> = [
  {
    title: 'Филиал',
    dataIndex: 'title',
    key: 'title',
    sorter: (a, b) => a.title.localeCompare(b.title, 'ru'),
    render: (title: string, row) => (
      <Link to={`${paths.company.checks}?branchId=${row.branchId}`}>{title}</Link>
    ),
  },
  {
    title: 'На месте',
    key: 'present',
    align: 'right',
    width: 150,
    sorter: byNumber('present'),
    render: (_, row) => (
      <div className="smena-dashboard-presence">
        <Progress
          percent={percentOf(row.present, row.planned)}
          showInfo={false}
          size="small"
          strokeColor="#52c41a"
          aria-hidden
        />
        <span className="smena-dashboard-count">
          {row.present}
          <span className="smena-dashboard-count__of"> из {row.planned}</span>
        </span>
      </div>
    ),
  },
  {
    title: 'Опоздали',
    dataIndex: 'late',
    key: 'late',
    align: 'right',
    sorter: byNumber('late'),
    render: (value: number) => <Count value={value} tone="orange" />,
  },
  {
    title: 'Ещё не пришли',
    dataIndex: 'notArrived',
    key: 'notArrived',
    align: 'right',
    sorter: byNumber('notArrived'),
    render: (value: number) => <Count value={value} tone="gold" />,
  },
  {
    title: 'Отсутствуют',
    dataIndex: 'absent',
    key: 'absent',
    align: 'right',
    sorter: byNumber('absent'),
    render: (value: number) => <Count value={value} tone="red" />,
  },
  {
    title: 'В отпуске',
    dataIndex: 'onDayOff',
    key: 'onDayOff',
    align: 'right',
    sorter: byNumber('onDayOff'),
    render: (value: number) => <Count value={value} />,
  },
];

/** Today by branch: each branch's own employees; «на месте» is where the open check was made. */
export function BranchesTable({ branches }: { branches: Dashboard['branches'] }) {
  return (
    <Card variant="borderless" title="По филиалам" className="smena-dashboard-panel">
      <Table<BranchRow>
        size="small"
        rowKey="branchId"
        columns={columns}
        dataSource={branches}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Филиалов пока нет">
              <Link to={paths.company.structures.branches}>
                <Button>Добавить филиал</Button>
              </Link>
            </Empty>
          ),
        }}
      />
    </Card>
  );
}
