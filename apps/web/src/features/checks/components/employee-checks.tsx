import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Empty, Grid } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { periodTotals } from '../check-days.ts';
import { useAttendanceDays } from '../use-attendance-days.ts';
import { useNow } from '../use-now.ts';
import { useZoneOf } from '../use-zone-of.ts';
import { EmployeeChecksTable } from './checks-table.tsx';
import { useCheckDialogs } from './use-check-dialogs.tsx';
import './checks.css';
import { safeZone } from '../../../lib/zoned-time.ts';
import { dateOf } from '../../../lib/zoned-instants.ts';
import { formatDuration } from '../../../lib/durations.ts';

type Period = { from: string; to: string };

/** The current month up to its end (future dates show the plan only). */
function currentMonth(today: Dayjs): Period {
  return {
    from: today.startOf('month').format(DATE_FORMAT),
    to: today.endOf('month').format(DATE_FORMAT),
  };
}

function presets(today: Dayjs) {
  const range = (from: Dayjs, to: Dayjs): [Dayjs, Dayjs] => [from, to];
  return [
    { label: 'Эта неделя', value: range(today.startOf('week'), today.endOf('week')) },
    {
      label: 'Прошлая неделя',
      value: range(
        today.subtract(1, 'week').startOf('week'),
        today.subtract(1, 'week').endOf('week'),
      ),
    },
    { label: 'Этот месяц', value: range(today.startOf('month'), today.endOf('month')) },
    {
      label: 'Прошлый месяц',
      value: range(
        today.subtract(1, 'month').startOf('month'),
        today.subtract(1, 'month').endOf('month'),
      ),
    },
  ];
}

/**
 * «Отметки» of the employee's page: a period (this month by default), the checks grouped by
 * date with the worked time, lateness and early leave the API computed, and the actions.
 */
export function EmployeeChecks({
  employeeId,
  companyZone,
  canAdd,
}: {
  employeeId: number;
  companyZone: string | undefined;
  /** A dismissed employee's checks are corrected, not added. */
  canAdd: boolean;
}) {
  const isPhone = Grid.useBreakpoint().md === false;
  const nowMs = useNow();
  const [period, setPeriod] = useState<Period>(() => currentMonth(dayjs()));
  const { zoneOf, branchTitle, branches } = useZoneOf(companyZone);
  const zone = safeZone(companyZone);
  const attendance = useAttendanceDays({
    owner: employeeId,
    from: period.from,
    to: period.to,
    zoneOf,
    withAbsences: true,
  });
  const today = dateOf(nowMs, zone);
  // Future dates have no checks yet: the table lists what happened.
  const days = attendance.days.filter((day) => day.date <= today || day.checks.length > 0);
  const totals = periodTotals(days);
  const dialogs = useCheckDialogs({ branches, zoneOf, branchTitle, employeeId });

  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="За этот период отметок нет">
      {canAdd && (
        <Button icon={<PlusOutlined />} onClick={dialogs.openCreate}>
          Добавить отметку
        </Button>
      )}
    </Empty>
  );

  return (
    <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
      <div className="smena-checks__toolbar">
        <DatePicker.RangePicker
          aria-label="Период"
          className="smena-checks__period"
          format={DATE_FORMAT}
          allowClear={false}
          presets={presets(dayjs())}
          value={[dayjs(period.from, DATE_FORMAT), dayjs(period.to, DATE_FORMAT)]}
          onChange={(range) => {
            if (range?.[0] && range[1])
              setPeriod({ from: range[0].format(DATE_FORMAT), to: range[1].format(DATE_FORMAT) });
          }}
        />
        {days.some((day) => day.checks.length > 0) && (
          <div className="smena-checks__totals" aria-label="Итоги периода">
            <span>
              Отработано <strong>{formatDuration(totals.workedMinutes)}</strong>
            </span>
            <span>
              Опозданий <strong>{totals.lateDays}</strong>
            </span>
            <span>
              Ранних уходов <strong>{totals.earlyDays}</strong>
            </span>
            <span>
              Неявок <strong>{totals.absentDays}</strong>
            </span>
          </div>
        )}
        {canAdd && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            className="smena-checks__add"
            onClick={dialogs.openCreate}
          >
            Добавить отметку
          </Button>
        )}
      </div>
      {attendance.error ? (
        <Alert type="error" showIcon title={getErrorMessage(attendance.error)} />
      ) : (
        <EmployeeChecksTable
          days={days}
          zoneOf={zoneOf}
          actions={dialogs.actions}
          loading={attendance.isFetching}
          isPhone={isPhone}
          empty={empty}
        />
      )}
      {dialogs.dialogs}
    </Card>
  );
}
