import { FileExcelOutlined } from '@ant-design/icons';
import { HOURS_MINUTES_UNIT } from '@smena/contract';
import { Button, Card, Empty, Grid, Skeleton, Space, Spin, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/layout/page.tsx';
import { useWeekPager, WeekPagerBar } from '../../../components/layout/week-pager.tsx';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { EmployeeSelect } from '../../../features/day-offs/components/employee-select.tsx';
import { useStructureOptions } from '../../../features/employees/api/get-structure-options.ts';
import { useExportReportCard } from '../../../features/reports/api/export-report-card.ts';
import { useReportCard } from '../../../features/reports/api/get-report-card.ts';
import {
  ReportCardGrid,
  type TimesheetCellTarget,
} from '../../../features/reports/components/report-card-grid.tsx';
import { PayrollExportButton } from '../../../features/reports/components/payroll-export-button.tsx';
import { ReportCardLegend } from '../../../features/reports/components/report-card-legend.tsx';
import { monthPeriodQueryOf, useMonthPeriod } from '../../../features/reports/api/month-periods.ts';
import {
  ReportFiltersBar,
  type ReportFilterChange,
} from '../../../features/reports/components/report-filters.tsx';
import { LoadedOnce } from '../../../components/layout/loaded-once.tsx';
import {
  codesInUse,
  daysHoursText,
  employeesCount,
  monthTitle,
} from '../../../features/reports/report-format.ts';
import {
  hasReportFilters,
  parseReportCardParams,
  reportCardQueryOf,
  toReportCardSearchParams,
  type ReportCardParams,
} from '../../../features/reports/report-params.ts';
import { safeZone, todayIn } from '../../../lib/zoned-time.ts';

// The month's approval is for one branch or department: loaded once the filters name one.
const MonthPeriodBar = lazy(() =>
  import('../../../features/reports/components/month-period-bar.tsx').then((module) => ({
    default: module.MonthPeriodBar,
  })),
);

/** The day's editor, loaded on the first click on a cell: the timesheet is drawn without it. */
const TimesheetDayDrawer = lazy(() =>
  import('../../../features/reports/components/timesheet-day-drawer.tsx').then((module) => ({
    default: module.TimesheetDayDrawer,
  })),
);

/** «Табель»: the month's T-13 codes and hours of every employee; managers correct a date. */
export function Component() {
  const { company, isAdmin, isAdminOrManager } = useSession();
  const zone = safeZone(company?.timezone);
  const today = todayIn(zone);
  const isPhone = Grid.useBreakpoint().md === false;
  const hideBranches = company?.hideBranches ?? false;
  const hideDepartments = company?.hideDepartments ?? false;
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseReportCardParams(searchParams, today);
  const query = reportCardQueryOf(params, company);
  const card = useReportCard(query);
  const structure = useStructureOptions({
    withBranches: !hideBranches,
    withDepartments: !hideDepartments,
  });
  const exportCard = useExportReportCard();
  // An approved month of the chosen unit takes no manual codes (decision 022): no cell opens.
  const period = useMonthPeriod(isAdminOrManager ? monthPeriodQueryOf(query) : null);
  const editable = isAdminOrManager && period.data?.status !== 'APPROVED';
  const [target, setTarget] = useState<TimesheetCellTarget | null>(null);

  const onChange = (change: ReportFilterChange) =>
    setSearchParams(
      (current) =>
        toReportCardSearchParams(
          { ...parseReportCardParams(current, today), ...change } as ReportCardParams,
          today,
        ),
      { replace: true },
    );

  // The previous month stays in the cache while the next loads; it is only shown for its own month.
  const fresh = card.data && card.data.month === params.month ? card.data : undefined;
  const codes = useMemo(
    () =>
      codesInUse(
        fresh?.employees.flatMap((employee) => employee.days.map((day) => day.entries)) ?? [],
      ),
    [fresh],
  );
  const employees = fresh?.employees ?? [];
  const filtered = hasReportFilters(params);
  // Phones show the month a week at a time, names whole; ‹ › and swipes turn the weeks.
  const monthDates = useMemo(() => fresh?.dates.map((item) => item.date) ?? [], [fresh]);
  const pager = useWeekPager(monthDates, today, (month) => onChange({ month }));

  let body;
  if (!fresh && card.isError) {
    body = (
      <Empty description="Не удалось загрузить табель">
        <Button onClick={() => void card.refetch()}>Повторить</Button>
      </Empty>
    );
  } else if (!fresh) {
    body = <Skeleton active paragraph={{ rows: 10 }} />;
  } else if (employees.length === 0) {
    body = filtered ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Никого не нашли — измените фильтры">
        <Button
          onClick={() =>
            onChange({ branchId: undefined, departmentId: undefined, employeeId: undefined })
          }
        >
          Сбросить фильтры
        </Button>
      </Empty>
    ) : (
      <Empty description="В этом месяце в табеле никого нет. Добавьте сотрудников и назначьте им график — и здесь появятся их дни." />
    );
  } else {
    body = (
      <Spin spinning={card.isFetching} delay={200}>
        {isPhone && <WeekPagerBar pager={pager} />}
        <div {...(isPhone ? pager.swipe : {})}>
          <ReportCardGrid
            card={fresh}
            layout={isPhone ? 'week' : 'month'}
            weekDates={pager.week.dates}
            today={today}
            editable={editable}
            compact={isPhone}
            zone={zone}
            onCellClick={setTarget}
            maxHeight={isPhone ? 'calc(100dvh - 260px)' : 'calc(100vh - 320px)'}
          />
        </div>
      </Spin>
    );
  }

  return (
    <Page
      title={titles.company.reportCard}
      actions={
        <Space wrap>
          <Button
            icon={<FileExcelOutlined />}
            loading={exportCard.isPending}
            disabled={!fresh || employees.length === 0}
            onClick={() => exportCard.mutate(query)}
          >
            Выгрузить в Excel (Т-13)
          </Button>
          <PayrollExportButton query={query} disabled={!fresh || employees.length === 0} />
        </Space>
      }
    >
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <ReportFiltersBar
          label="Месяц и фильтры табеля"
          today={today}
          month={params.month}
          filters={params}
          branches={hideBranches ? null : structure.branches}
          departments={hideDepartments ? null : structure.departments}
          employeeField={
            <EmployeeSelect
              aria-label="Сотрудник"
              placeholder="Все сотрудники"
              allowClear
              value={params.employeeId}
              onChange={(employeeId) => onChange({ employeeId })}
            />
          }
          onChange={onChange}
        />
        {isAdminOrManager && monthPeriodQueryOf(query) && (
          <Suspense fallback={null}>
            <MonthPeriodBar
              month={params.month}
              branchId={query.branchId}
              departmentId={query.departmentId}
              isAdmin={isAdmin}
              zone={zone}
            />
          </Suspense>
        )}
        <div className="smena-report-summary">
          {fresh ? (
            <Tooltip title="Норма рабочего времени месяца при 40-часовой неделе по производственному календарю">
              <Typography.Text className="smena-report-summary__norm">
                {monthTitle(fresh.month)} · Норма: <strong>{daysHoursText(fresh.norm)}</strong> (
                {HOURS_MINUTES_UNIT})
              </Typography.Text>
            </Tooltip>
          ) : (
            <span />
          )}
          {fresh && employees.length > 0 && (
            <Typography.Text type="secondary">
              {[fresh.departmentTitle, employeesCount(employees.length)]
                .filter(Boolean)
                .join(' · ')}
              {editable && !isPhone ? '. Нажмите на день, чтобы изменить код' : ''}
            </Typography.Text>
          )}
        </div>
        {body}
        {fresh && employees.length > 0 && <ReportCardLegend codes={codes} />}
      </Card>
      <LoadedOnce when={target !== null}>
        <TimesheetDayDrawer
          target={target}
          editable={editable}
          zone={zone}
          onClose={() => setTarget(null)}
        />
      </LoadedOnce>
    </Page>
  );
}
