import { DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { Check, Page } from '@smena/contract';
import { Card, Pagination, Spin, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { recordsCount } from '../../../components/layout/paged-table.tsx';
import { RowActions } from '../../../components/layout/row-actions.tsx';
import { paths } from '../../../config/paths.ts';
import type { CheckDay, CheckFacts } from '../check-days.ts';
import { checkOutText, planSummary, sourceText, weekdayOf } from '../check-format.ts';
import { CheckPhotoButton } from './check-photo.tsx';
import { CheckSignalTags } from './check-signal-tags.tsx';
import { AttendanceTags, MinutesCell } from './attendance-tags.tsx';
import { CheckDayCard, CheckSpan } from './check-day-card.tsx';
import type { CheckRowActions } from './use-check-dialogs.tsx';
import './checks.css';
import { dateOf, timeOf } from '../../../lib/zoned-instants.ts';
import { formatDuration } from '../../../lib/durations.ts';

type ZoneOf = (branchId: number | null) => string;

const PAGE_SIZES = [20, 50, 100, 200];

/** «…»: «Исправить», «История изменений», «Удалить». */
export function CheckActionsMenu({
  check,
  zone,
  actions,
}: {
  check: Check;
  zone: string;
  actions: CheckRowActions;
}) {
  return (
    <RowActions<'edit' | 'history' | 'delete'>
      label={`отметка ${dateOf(check.checkInDateTime, zone)} ${timeOf(check.checkInDateTime, zone)}`}
      items={[
        { key: 'edit', icon: <EditOutlined />, label: 'Исправить' },
        { key: 'history', icon: <HistoryOutlined />, label: 'История изменений' },
        { type: 'divider' },
        { key: 'delete', icon: <DeleteOutlined />, label: 'Удалить', danger: true },
      ]}
      onAction={(action) => {
        if (action === 'edit') actions.onEdit(check);
        if (action === 'history') actions.onHistory(check);
        if (action === 'delete') actions.onDelete(check);
      }}
    />
  );
}

function OutCell({ check, zone }: { check: Check; zone: string }) {
  const out = checkOutText(check, zone);
  if (!out.time) return <Tag color="green">на месте</Tag>;
  if (!out.note) return <span className="smena-checks__time">{out.time}</span>;
  return (
    <Tooltip title="Сотрудник не отметил уход: отметку закрыл сервер по окончании смены">
      <span className="smena-checks__time smena-checks__time--auto">{out.time}</span>{' '}
      <Tag color="orange">не отмечен уход</Tag>
    </Tooltip>
  );
}

function SourceCell({ check, zone }: { check: Check; zone: string }) {
  return (
    <>
      <Tooltip title={check.device || undefined}>
        <span className="smena-checks__source">{sourceText(check)}</span>
      </Tooltip>
      <CheckSignalTags signals={check.signals} />
      <CheckPhotoButton check={check} zone={zone} />
    </>
  );
}

function DateCell({ day }: { day: CheckDay }) {
  const plan = planSummary(day.plan);
  return (
    <div>
      <div className="smena-cell-main">
        {day.date}, {weekdayOf(day.date)}
      </div>
      {plan && <div className="smena-cell-sub">{plan}</div>}
      {day.attendance.workedOnDayOff && (
        <Tag color="purple" className="smena-checks__day-tag">
          Работа в нерабочий день
        </Tag>
      )}
    </div>
  );
}

/** An open check's time so far; a day and more reads as forgotten rather than worked. */
function DurationText({ check, minutes }: { check: Check; minutes: number }) {
  if (check.checkOutDateTime) return <>{formatDuration(minutes)}</>;
  if (minutes >= 24 * 60) return <span className="smena-checks__muted">больше суток</span>;
  return (
    <>
      {formatDuration(minutes)} <span className="smena-checks__muted">и идёт</span>
    </>
  );
}

/** A note under a table whose times are in a zone other than the viewer's. */
function ZoneNote({ zones }: { zones: Set<string> }) {
  const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const other = [...zones].filter((zone) => zone !== viewer);
  if (other.length === 0) return null;
  return (
    <Typography.Paragraph type="secondary" className="smena-checks__zone-note">
      Время указано по часовому поясу филиала ({other.join(', ')}).
    </Typography.Paragraph>
  );
}

// ---------------------------------------------------------------- one employee, by date

type DayRow = { key: string; day: CheckDay; check: Check | null; first: boolean; span: number };

function dayRows(days: readonly CheckDay[]): DayRow[] {
  return days.flatMap((day): DayRow[] =>
    day.checks.length === 0
      ? [{ key: `day-${day.date}`, day, check: null, first: true, span: 1 }]
      : day.checks.map((check, index) => ({
          key: `check-${check.id}`,
          day,
          check,
          first: index === 0,
          span: index === 0 ? day.checks.length : 0,
        })),
  );
}

export type EmployeeChecksTableProps = {
  days: readonly CheckDay[];
  zoneOf: ZoneOf;
  actions: CheckRowActions;
  loading: boolean;
  isPhone: boolean;
  empty: ReactNode;
};

/**
 * An employee's checks of a period grouped by date: the date, worked time, lateness and early
 * leave once per date (as the API computed them), the checks under it; dates missed are listed.
 */
export function EmployeeChecksTable(props: EmployeeChecksTableProps) {
  const { days, zoneOf, actions, loading, isPhone, empty } = props;
  const zones = new Set(days.flatMap((day) => day.checks.map((check) => zoneOf(check.branchId))));
  if (isPhone) {
    return (
      <Spin spinning={loading}>
        {days.length === 0 && !loading ? (
          empty
        ) : (
          <ul className="smena-checks-cards" aria-label="Отметки по дням">
            {days.map((day) => (
              <li key={day.date}>
                <CheckDayCard
                  day={day}
                  zoneOf={zoneOf}
                  checkActions={(check) => (
                    <CheckActionsMenu
                      check={check}
                      zone={zoneOf(check.branchId)}
                      actions={actions}
                    />
                  )}
                />
              </li>
            ))}
          </ul>
        )}
        <ZoneNote zones={zones} />
      </Spin>
    );
  }

  const spanned = (row: DayRow) => ({ rowSpan: row.span === 0 ? 0 : row.span });
  const columns: TableProps<DayRow>['columns'] = [
    {
      key: 'date',
      title: 'Дата',
      width: 150,
      onCell: spanned,
      render: (_value, row) => <DateCell day={row.day} />,
    },
    {
      key: 'branch',
      title: 'Филиал',
      width: 150,
      ellipsis: true,
      render: (_value, row) => row.check?.branchTitle ?? '',
    },
    {
      key: 'in',
      title: 'Приход',
      width: 80,
      // A date without checks says so across «Приход» and «Уход».
      onCell: (row) => ({ colSpan: row.check ? 1 : 2 }),
      render: (_value, row) =>
        row.check ? (
          <span className="smena-checks__time">
            {timeOf(row.check.checkInDateTime, zoneOf(row.check.branchId))}
          </span>
        ) : (
          <span className="smena-checks__muted">Нет отметок</span>
        ),
    },
    {
      key: 'out',
      title: 'Уход',
      width: 180,
      onCell: (row) => ({ colSpan: row.check ? 1 : 0 }),
      render: (_value, row) =>
        row.check ? <OutCell check={row.check} zone={zoneOf(row.check.branchId)} /> : null,
    },
    {
      key: 'worked',
      title: 'Отработано',
      width: 110,
      onCell: spanned,
      render: (_value, row) =>
        row.day.checks.length > 0 ? formatDuration(row.day.attendance.workedMinutes) : '—',
    },
    {
      key: 'late',
      title: 'Опоздание',
      width: 110,
      onCell: spanned,
      render: (_value, row) =>
        row.day.attendance.absent || row.day.attendance.notArrived ? (
          <AttendanceTags attendance={row.day.attendance} withOpen={false} />
        ) : (
          <MinutesCell minutes={row.day.attendance.lateMinutes} color="red" />
        ),
    },
    {
      key: 'early',
      title: 'Ранний уход',
      width: 110,
      onCell: spanned,
      render: (_value, row) => (
        <MinutesCell minutes={row.day.attendance.earlyLeaveMinutes} color="orange" />
      ),
    },
    {
      key: 'source',
      title: 'Источник',
      ellipsis: true,
      render: (_value, row) =>
        row.check ? <SourceCell check={row.check} zone={zoneOf(row.check.branchId)} /> : null,
    },
    {
      key: 'actions',
      title: <span className="smena-visually-hidden">Действия</span>,
      width: 56,
      render: (_value, row) =>
        row.check ? (
          <CheckActionsMenu check={row.check} zone={zoneOf(row.check.branchId)} actions={actions} />
        ) : null,
    },
  ];

  return (
    <>
      <Table<DayRow>
        className="smena-checks-table"
        aria-label="Отметки по дням"
        size="small"
        bordered
        rowKey="key"
        columns={columns}
        dataSource={dayRows(days)}
        loading={loading}
        pagination={false}
        scroll={{ x: 1080 }}
        rowClassName={(row) => (row.day.attendance.absent ? 'smena-checks-table__row--absent' : '')}
        locale={{ emptyText: loading ? ' ' : empty }}
      />
      <ZoneNote zones={zones} />
    </>
  );
}

// ---------------------------------------------------------------- many employees, paged

export type ChecksListTableProps = {
  data: Page<Check> | undefined;
  facts: Map<number, CheckFacts>;
  zoneOf: ZoneOf;
  actions: CheckRowActions;
  loading: boolean;
  isPhone: boolean;
  empty: ReactNode;
  page: number;
  limit: number;
  onPageChange: (page: number, limit: number) => void;
};

function EmployeeLink({ check }: { check: Check }) {
  return (
    <Link to={`${paths.company.employee(check.employeeId)}?tab=checks`} className="smena-cell-main">
      {check.employeeName}
    </Link>
  );
}

/** Checks of many employees, newest first, paged on the server. */
export function ChecksListTable(props: ChecksListTableProps) {
  return props.isPhone ? <ChecksListCards {...props} /> : <ChecksListGrid {...props} />;
}

function ChecksListGrid({
  data,
  facts,
  zoneOf,
  actions,
  loading,
  empty,
  page,
  limit,
  onPageChange,
}: ChecksListTableProps) {
  const items = data?.items ?? [];
  const zones = new Set(items.map((check) => zoneOf(check.branchId)));
  const columns: TableProps<Check>['columns'] = [
    {
      key: 'employee',
      title: 'Сотрудник и филиал',
      ellipsis: true,
      render: (_value, check) => (
        <div className="smena-checks__who">
          <EmployeeLink check={check} />
          <div className="smena-cell-sub">{check.branchTitle}</div>
        </div>
      ),
    },
    {
      key: 'date',
      title: 'Дата',
      width: 124,
      render: (_value, check) => {
        const date =
          facts.get(check.id)?.date ?? dateOf(check.checkInDateTime, zoneOf(check.branchId));
        return (
          <span>
            {date}, {weekdayOf(date)}
          </span>
        );
      },
    },
    {
      key: 'in',
      title: 'Приход',
      width: 72,
      render: (_value, check) => (
        <span className="smena-checks__time">
          {timeOf(check.checkInDateTime, zoneOf(check.branchId))}
        </span>
      ),
    },
    {
      key: 'out',
      title: 'Уход',
      width: 176,
      render: (_value, check) => <OutCell check={check} zone={zoneOf(check.branchId)} />,
    },
    {
      key: 'duration',
      title: 'Длительность',
      width: 132,
      render: (_value, check) => {
        const minutes = facts.get(check.id)?.durationMinutes;
        return minutes === undefined ? '—' : <DurationText check={check} minutes={minutes} />;
      },
    },
    {
      key: 'late',
      title: 'Опоздание',
      width: 104,
      render: (_value, check) => (
        <MinutesCell minutes={facts.get(check.id)?.lateMinutes ?? 0} color="red" />
      ),
    },
    {
      key: 'early',
      title: 'Ранний уход',
      width: 110,
      render: (_value, check) => (
        <MinutesCell minutes={facts.get(check.id)?.earlyLeaveMinutes ?? 0} color="orange" />
      ),
    },
    {
      key: 'source',
      title: 'Источник',
      width: 124,
      render: (_value, check) => <SourceCell check={check} zone={zoneOf(check.branchId)} />,
    },
    {
      key: 'actions',
      title: <span className="smena-visually-hidden">Действия</span>,
      width: 56,
      render: (_value, check) => (
        <CheckActionsMenu check={check} zone={zoneOf(check.branchId)} actions={actions} />
      ),
    },
  ];

  return (
    <>
      <Table<Check>
        className="smena-checks-table"
        aria-label="Отметки"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={items}
        loading={loading}
        scroll={{ x: 1110 }}
        locale={{ emptyText: loading ? ' ' : empty }}
        onChange={(pagination) =>
          onPageChange(pagination.current ?? 1, pagination.pageSize ?? limit)
        }
        pagination={
          data && data.total > 0
            ? {
                current: page,
                pageSize: limit,
                total: data.total,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZES,
                showTotal: recordsCount,
                placement: ['bottomEnd'],
              }
            : false
        }
      />
      <ZoneNote zones={zones} />
    </>
  );
}

function ChecksListCards({
  data,
  facts,
  zoneOf,
  actions,
  loading,
  empty,
  page,
  limit,
  onPageChange,
}: ChecksListTableProps) {
  const items = data?.items ?? [];
  return (
    <div>
      <Typography.Text type="secondary">{data ? recordsCount(data.total) : ' '}</Typography.Text>
      <Spin spinning={loading}>
        {items.length === 0 && !loading ? (
          <div className="smena-checks__empty">{empty}</div>
        ) : (
          <ul className="smena-checks-cards" aria-label="Отметки">
            {items.map((check) => {
              const zone = zoneOf(check.branchId);
              const fact = facts.get(check.id);
              const date = fact?.date ?? dateOf(check.checkInDateTime, zone);
              return (
                <li key={check.id}>
                  <Card size="small" className="smena-check-day">
                    <div className="smena-list-card__head">
                      <div>
                        <EmployeeLink check={check} />
                        <div className="smena-list-card__meta">
                          {date}, {weekdayOf(date)} · {check.branchTitle}
                        </div>
                      </div>
                      <CheckActionsMenu check={check} zone={zone} actions={actions} />
                    </div>
                    <div className="smena-list-card__facts">
                      <CheckSpan check={check} zone={zone} />
                      {fact && (
                        <span>
                          <DurationText check={check} minutes={fact.durationMinutes} />
                        </span>
                      )}
                      {fact && fact.lateMinutes > 0 && (
                        <Tag color="red">Опоздание {formatDuration(fact.lateMinutes)}</Tag>
                      )}
                      {fact && fact.earlyLeaveMinutes > 0 && (
                        <Tag color="orange">
                          Ранний уход {formatDuration(fact.earlyLeaveMinutes)}
                        </Tag>
                      )}
                    </div>
                    <div className="smena-list-card__meta">
                      {sourceText(check)} <CheckSignalTags signals={check.signals} />
                      <CheckPhotoButton check={check} zone={zone} />
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      {data && data.total > limit && (
        <Pagination
          className="smena-checks__pagination"
          simple
          current={page}
          pageSize={limit}
          total={data.total}
          onChange={(next) => onPageChange(next, limit)}
        />
      )}
    </div>
  );
}
