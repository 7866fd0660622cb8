import { dayOffTypeLabels, type AttendanceDay, type AttendanceReportRow } from '@smena/contract';
import { Alert, Drawer, Empty, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useAttendanceDays } from '../api/get-attendance-days.ts';
import { CodeChips } from './code-chips.tsx';
import { wallTimeOf, weekdayOf } from '../report-format.ts';
import './reports.css';
import { formatDuration } from '../../../lib/durations.ts';

const dash = <span className="smena-report__zero">—</span>;

/** «Выходной», «Отпуск», «Праздник», «Нет графика» or the planned hours. */
function planText(day: AttendanceDay): string {
  if (day.dayOffType) return dayOffTypeLabels[day.dayOffType];
  switch (day.kind) {
    case 'REST':
      return 'Выходной';
    case 'HOLIDAY':
      return 'Праздник';
    case 'NO_SCHEDULE':
      return 'Нет графика';
    default:
      return formatDuration(day.plannedMinutes);
  }
}

function marks(day: AttendanceDay) {
  const tags = [];
  if (day.absent)
    tags.push(
      <Tag key="absent" color="red">
        Неявка
      </Tag>,
    );
  if (day.late)
    tags.push(
      <Tag key="late" color="orange">
        Опоздание {formatDuration(day.lateMinutes)}
      </Tag>,
    );
  if (day.leftEarly)
    tags.push(
      <Tag key="early" color="gold">
        Ранний уход {formatDuration(day.earlyLeaveMinutes)}
      </Tag>,
    );
  if (day.workedOnDayOff)
    tags.push(
      <Tag key="dayoff" color="volcano">
        В выходной
      </Tag>,
    );
  if (day.overtimeMinutes > 0)
    tags.push(
      <Tag key="overtime" color="purple">
        Переработка {formatDuration(day.overtimeMinutes)}
      </Tag>,
    );
  if (day.nightMinutes > 0)
    tags.push(
      <Tag key="night" color="geekblue">
        Ночью {formatDuration(day.nightMinutes)}
      </Tag>,
    );
  return tags.length > 0 ? <div className="smena-report-days__marks">{tags}</div> : dash;
}

function columns(zone: string): TableColumnsType<AttendanceDay> {
  return [
    {
      key: 'date',
      title: 'Дата',
      fixed: 'left',
      width: 112,
      render: (_value, day) => (
        <span className="smena-report-days__date">
          {day.date}
          <span
            className={
              day.kind === 'WORK' ? 'smena-report-days__weekday' : 'smena-report-days__weekday--off'
            }
          >
            {weekdayOf(day.date)}
          </span>
        </span>
      ),
    },
    {
      key: 'plan',
      title: 'План',
      width: 96,
      render: (_value, day) => (
        <span className={day.kind === 'WORK' ? undefined : 'smena-report__muted'}>
          {planText(day)}
        </span>
      ),
    },
    {
      key: 'in',
      title: 'Приход',
      width: 72,
      render: (_value, day) => (day.firstIn ? wallTimeOf(day.firstIn, zone) : dash),
    },
    {
      key: 'out',
      title: 'Уход',
      width: 72,
      render: (_value, day) => (day.lastOut ? wallTimeOf(day.lastOut, zone) : dash),
    },
    {
      key: 'worked',
      title: 'Отработано',
      width: 100,
      align: 'right',
      render: (_value, day) => (day.workedMinutes > 0 ? formatDuration(day.workedMinutes) : dash),
    },
    { key: 'marks', title: 'Отметки', width: 220, render: (_value, day) => marks(day) },
    {
      key: 'codes',
      title: 'Табель',
      width: 110,
      render: (_value, day) =>
        day.entries.length > 0 ? <CodeChips entries={day.entries} /> : dash,
    },
  ];
}

export type AttendanceDaysTarget = Pick<AttendanceReportRow, 'employeeId' | 'name'>;

/** An employee's dates of the report's period: plan, check-in and out, deviations, codes. */
export function AttendanceDaysDrawer({
  target,
  from,
  to,
  zone,
  isPhone,
  onClose,
}: {
  target: AttendanceDaysTarget | null;
  from: string;
  to: string;
  /** Times without an offset are shown in this zone (the company's). */
  zone: string;
  isPhone: boolean;
  onClose: () => void;
}) {
  const days = useAttendanceDays(target ? { employeeId: target.employeeId, from, to } : null);
  const employee = days.data?.employee;
  const subtitle = [
    employee?.personnelNumber && `№ ${employee.personnelNumber}`,
    employee?.positionTitle,
    employee?.departmentTitle,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      destroyOnHidden
      size={isPhone ? '100%' : 900}
      title={
        <div className="smena-report-days__title">
          <span>{target?.name ?? ''}</span>
          <span className="smena-report-days__period">
            {from} — {to}
          </span>
        </div>
      }
    >
      {subtitle && <p className="smena-report-days__subtitle">{subtitle}</p>}
      {days.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : days.isError ? (
        <Alert type="error" showIcon title={getErrorMessage(days.error)} />
      ) : days.data.days.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="За период нет ни одного дня" />
      ) : (
        <Table<AttendanceDay>
          className="smena-report-days"
          aria-label="Дни сотрудника"
          size="small"
          rowKey="date"
          columns={columns(zone)}
          dataSource={days.data.days}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowClassName={(day) =>
            day.absent
              ? 'smena-report-days__row--absent'
              : day.kind === 'WORK'
                ? ''
                : 'smena-report-days__row--off'
          }
        />
      )}
    </Drawer>
  );
}
