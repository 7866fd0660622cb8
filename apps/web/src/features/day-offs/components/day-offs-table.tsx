import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import type { DayOff, Page } from '@smena/contract';
import {
  Button,
  Card,
  Dropdown,
  Pagination,
  Spin,
  Table,
  Typography,
  type MenuProps,
  type TableProps,
} from 'antd';
import type { ReactNode } from 'react';
import { daysLabel, dayOffSubject, holidaysNote, recordsLabel } from '../day-off-format.ts';
import { useAbsenceDays, yearsOf } from '../use-absence-days.ts';
import { DayOffStatusTag, DayOffTypeTag } from './day-off-tags.tsx';
import type { DayOffRowActions } from './use-day-off-dialogs.tsx';
import './day-offs.css';

export type DayOffsTableProps = {
  data: Page<DayOff> | undefined;
  loading: boolean;
  page: number;
  limit: number;
  isPhone: boolean;
  actions: DayOffRowActions;
  pendingId: number | null;
  onPageChange: (page: number, limit: number) => void;
  empty: ReactNode;
};

const PAGE_SIZES = [10, 20, 50, 100];

function Subject({ dayOff }: { dayOff: DayOff }) {
  return (
    <span
      className={
        dayOff.employeeId === null
          ? 'smena-day-offs__subject smena-day-offs__subject--company'
          : 'smena-day-offs__subject'
      }
    >
      {dayOffSubject(dayOff)}
    </span>
  );
}

function Period({ dayOff }: { dayOff: DayOff }) {
  const countDays = useAbsenceDays(yearsOf(dayOff.from, dayOff.to));
  const count = countDays(dayOff.type, dayOff.from, dayOff.to);
  return (
    <span className="smena-day-offs__period">
      <span>{dayOff.from === dayOff.to ? dayOff.from : `${dayOff.from} — ${dayOff.to}`}</span>{' '}
      <span
        className="smena-day-offs__muted"
        title={count.holidays > 0 ? holidaysNote(count.holidays) : undefined}
      >
        ({daysLabel(count)})
      </span>
    </span>
  );
}

/** «Отклонил(а): Имя — «комментарий»» when someone else decided a request, or left a comment. */
function decisionLine(dayOff: DayOff): string | null {
  if (dayOff.status === 'REQUESTED') return null;
  const decidedByOther = dayOff.decidedById !== null && dayOff.decidedById !== dayOff.createdById;
  if (!decidedByOther && !dayOff.decisionComment) return null;
  const verb = dayOff.status === 'APPROVED' ? 'Утверждено' : 'Отклонено';
  const name = dayOff.decidedByName?.trim();
  const who = name ? ` (${name})` : '';
  const note = dayOff.decisionComment ? `: «${dayOff.decisionComment}»` : '';
  return `${verb}${who}${note}`;
}

function Comment({ dayOff }: { dayOff: DayOff }) {
  const decision = decisionLine(dayOff);
  return (
    <div>
      {dayOff.comment ? (
        <div className="smena-day-offs__comment">{dayOff.comment}</div>
      ) : (
        !decision && <span className="smena-day-offs__muted">—</span>
      )}
      {decision && <div className="smena-day-offs__decision">{decision}</div>}
    </div>
  );
}

function RowMenu({ dayOff, actions }: { dayOff: DayOff; actions: DayOffRowActions }) {
  const items: MenuProps['items'] = [
    { key: 'edit', icon: <EditOutlined />, label: 'Изменить' },
    { type: 'divider' },
    { key: 'delete', icon: <DeleteOutlined />, label: 'Удалить', danger: true },
  ];
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'edit') actions.onEdit(dayOff);
          if (key === 'delete') actions.onDelete(dayOff);
        },
      }}
    >
      <Button
        type="text"
        icon={<MoreOutlined />}
        aria-label={`Действия: ${dayOffSubject(dayOff)}`}
      />
    </Dropdown>
  );
}

function DecisionButtons({
  dayOff,
  actions,
  pending,
  block,
}: {
  dayOff: DayOff;
  actions: DayOffRowActions;
  pending: boolean;
  block?: boolean;
}) {
  if (dayOff.status !== 'REQUESTED') return null;
  return (
    <>
      <Button
        size="small"
        type="primary"
        icon={block ? <CheckOutlined /> : undefined}
        loading={pending}
        block={block}
        onClick={() => actions.onApprove(dayOff)}
      >
        Утвердить
      </Button>
      <Button
        size="small"
        danger
        icon={block ? <CloseOutlined /> : undefined}
        disabled={pending}
        block={block}
        onClick={() => actions.onReject(dayOff)}
      >
        Отклонить
      </Button>
    </>
  );
}

export function DayOffsTable(props: DayOffsTableProps) {
  return props.isPhone ? <DayOffCards {...props} /> : <DayOffsGrid {...props} />;
}

function DayOffsGrid({
  data,
  loading,
  page,
  limit,
  actions,
  pendingId,
  onPageChange,
  empty,
}: DayOffsTableProps) {
  const columns: TableProps<DayOff>['columns'] = [
    {
      key: 'subject',
      title: 'Сотрудник',
      width: 180,
      ellipsis: true,
      render: (_value, dayOff) => <Subject dayOff={dayOff} />,
    },
    {
      key: 'type',
      title: 'Тип',
      width: 104,
      render: (_value, dayOff) => <DayOffTypeTag type={dayOff.type} />,
    },
    {
      key: 'period',
      title: 'Период',
      width: 264,
      render: (_value, dayOff) => <Period dayOff={dayOff} />,
    },
    {
      key: 'comment',
      title: 'Комментарий',
      render: (_value, dayOff) => <Comment dayOff={dayOff} />,
    },
    {
      key: 'status',
      title: 'Статус',
      width: 140,
      render: (_value, dayOff) => <DayOffStatusTag status={dayOff.status} />,
    },
    {
      key: 'actions',
      title: <span className="smena-visually-hidden">Действия</span>,
      width: 210,
      render: (_value, dayOff) => (
        <div className="smena-day-offs__actions">
          <DecisionButtons dayOff={dayOff} actions={actions} pending={pendingId === dayOff.id} />
          <RowMenu dayOff={dayOff} actions={actions} />
        </div>
      ),
    },
  ];

  return (
    <Table<DayOff>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 1000 }}
      locale={{ emptyText: loading ? ' ' : empty }}
      onChange={(pagination) => onPageChange(pagination.current ?? 1, pagination.pageSize ?? limit)}
      pagination={
        data && data.total > 0
          ? {
              current: page,
              pageSize: limit,
              total: data.total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (total) => recordsLabel(total),
              placement: ['bottomEnd'],
            }
          : false
      }
    />
  );
}

function DayOffCards({
  data,
  loading,
  page,
  limit,
  actions,
  pendingId,
  onPageChange,
  empty,
}: DayOffsTableProps) {
  const items = data?.items ?? [];
  return (
    <div>
      <Typography.Text type="secondary">{data ? recordsLabel(data.total) : ' '}</Typography.Text>
      <Spin spinning={loading}>
        {items.length === 0 && !loading ? (
          <div style={{ padding: '24px 0' }}>{empty}</div>
        ) : (
          <ul
            className="smena-day-offs-cards"
            style={{ listStyle: 'none', padding: 0, marginTop: 8 }}
          >
            {items.map((dayOff) => (
              <li key={dayOff.id}>
                <Card size="small" className="smena-day-off-card">
                  <div className="smena-day-off-card__head">
                    <Subject dayOff={dayOff} />
                    <RowMenu dayOff={dayOff} actions={actions} />
                  </div>
                  <div className="smena-day-off-card__tags">
                    <DayOffTypeTag type={dayOff.type} />
                    <DayOffStatusTag status={dayOff.status} />
                  </div>
                  <div className="smena-day-off-card__period">
                    <Period dayOff={dayOff} />
                  </div>
                  {(dayOff.comment || decisionLine(dayOff)) && <Comment dayOff={dayOff} />}
                  {dayOff.status === 'REQUESTED' && (
                    <div className="smena-day-off-card__buttons">
                      <DecisionButtons
                        dayOff={dayOff}
                        actions={actions}
                        pending={pendingId === dayOff.id}
                        block
                      />
                    </div>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      {data && data.total > limit && (
        <div className="smena-day-offs__pagination">
          <Pagination
            simple
            current={page}
            pageSize={limit}
            total={data.total}
            onChange={(next) => onPageChange(next, limit)}
          />
        </div>
      )}
    </div>
  );
}
