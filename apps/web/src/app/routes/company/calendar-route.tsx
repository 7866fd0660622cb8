import { calendarDayKindLabels, type CalendarDayKind } from '@smena/contract';
import { SelectOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Grid, Skeleton, Spin, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { Page } from '../../../components/layout/page.tsx';
import { useWeekPager, WeekPagerBar } from '../../../components/layout/week-pager.tsx';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { useCalendar } from '../../../features/calendar/api/get-calendar.ts';
import { useCalendarYear } from '../../../features/calendar/api/get-calendar-year.ts';
import { useSetCalendarDay } from '../../../features/calendar/api/set-calendar-day.ts';
import { useCalendarViolations } from '../../../features/calendar/api/get-violations.ts';
import {
  useBranchFilterOptions,
  useDepartmentFilterOptions,
} from '../../../features/calendar/api/get-filter-options.ts';
import {
  hasCalendarFilters,
  parseCalendarParams,
  toCalendarSearchParams,
  type CalendarParams,
} from '../../../features/calendar/calendar-params.ts';
import {
  copyableWeeks,
  selectedCells,
  weekStartOf,
} from '../../../features/calendar/cell-selection.ts';
import type { CalendarBulkAction } from '../../../features/calendar/components/calendar-bulk-modal.tsx';
import {
  CalendarGrid,
  type CalendarCellClick,
  type CalendarCellTarget,
} from '../../../features/calendar/components/calendar-grid.tsx';
import { CalendarLegend } from '../../../features/calendar/components/calendar-legend.tsx';
import { CalendarNorm } from '../../../features/calendar/components/calendar-norm.tsx';
import { CalendarToolbar } from '../../../features/calendar/components/calendar-toolbar.tsx';
import { CalendarViolations } from '../../../features/calendar/components/calendar-violations.tsx';
import {
  publicationQueryOf,
  useSchedulePublication,
} from '../../../features/calendar/api/schedule-publication.ts';
import { monthOf } from '../../../features/calendar/month.ts';
import { ruleMarksByEmployee } from '../../../features/calendar/plan-warnings.ts';
import { useCellSelection } from '../../../features/calendar/use-cell-selection.ts';
import { useMonthRange } from '../../../features/calendar/use-month-range.ts';
import { calendarGridQuery, calendarMonth } from './calendar-query.ts';
import { safeZone, todayIn } from '../../../lib/zoned-time.ts';

// Loaded when a selection starts and the first time a bulk action is chosen (decision 019).
const CalendarSelectionBar = lazy(() =>
  import('../../../features/calendar/components/calendar-selection-bar.tsx').then((module) => ({
    default: module.CalendarSelectionBar,
  })),
);
// Only managers of a company that publishes its schedule see it (decision 028).
const CalendarSummarized = lazy(() =>
  import('../../../features/calendar/components/calendar-summarized.tsx').then((module) => ({
    default: module.CalendarSummarized,
  })),
);
const PublicationBar = lazy(() =>
  import('../../../features/calendar/components/publication-bar.tsx').then((module) => ({
    default: module.PublicationBar,
  })),
);
/** The day's editor: its code (forms, pickers) is not needed to draw the grid. */
const loadCellEditor = () => import('../../../features/calendar/components/cell-editor.tsx');
const CellEditor = lazy(() => loadCellEditor().then((module) => ({ default: module.CellEditor })));
const CalendarBulkModal = lazy(
  () => import('../../../features/calendar/components/calendar-bulk-modal.tsx'),
);

/** «Календарь»: employees × days of a month, coloured by plan; managers change a day in a click. */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseCalendarParams(searchParams);
  const { company, isAdminOrManager } = useSession();
  const hideBranches = company?.hideBranches ?? false;
  const hideDepartments = company?.hideDepartments ?? false;
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;

  const today = todayIn(company?.timezone);
  const currentMonth = monthOf(today);
  const month = calendarMonth(params, company);
  const range = useMonthRange(month);

  // The same request as the route's loader started (calendar-query.ts).
  const calendar = useCalendar(calendarGridQuery(params, company, range));
  const year = useCalendarYear(range.year);
  const branches = useBranchFilterOptions(!hideBranches);
  const departments = useDepartmentFilterOptions(!hideDepartments);
  const [target, setTarget] = useState<CalendarCellTarget | null>(null);
  const setDay = useSetCalendarDay();

  const onChange = useCallback(
    (change: Partial<CalendarParams>) =>
      setSearchParams(
        (current) =>
          toCalendarSearchParams({ ...parseCalendarParams(current), ...change }, currentMonth),
        { replace: true },
      ),
    [setSearchParams, currentMonth],
  );

  const data = calendar.data;
  // The old month stays on screen while the new one loads; it is only shown for its own range.
  const fresh = data && data.from === range.from ? data : undefined;
  const dayKinds = useMemo(
    () => new Map(fresh?.dates.map((item) => [item.date, item.kind]) ?? []),
    [fresh],
  );
  const yearData = year.data;
  const companyDays = useMemo(
    () => new Set(yearData?.days.filter((day) => day.source === 'COMPANY').map((day) => day.date)),
    [yearData],
  );
  const { mutate: mutateDay } = setDay;
  const onDayKindChange = useCallback(
    (date: string, kind: CalendarDayKind | null) =>
      mutateDay(
        { date, kind },
        {
          onSuccess: (result) =>
            notify.success(
              kind === null
                ? `${date}: снова как в производственном календаре — ${calendarDayKindLabels[result.kind].toLowerCase()}`
                : `${date}: ${calendarDayKindLabels[result.kind].toLowerCase()} для всей компании`,
            ),
        },
      ),
    [mutateDay],
  );
  const employees = useMemo(() => fresh?.employees ?? [], [fresh]);
  const filtered = hasCalendarFilters(params);

  // Bulk actions: a selection of cells, a bar of actions, their dialog (decision 019).
  const selection = useCellSelection(employees, range.days);
  const { click: selectionClick } = selection;
  // Mounted from the first click on, so that it can animate its closing.
  const [editorLoaded, setEditorLoaded] = useState(false);
  // Its code is fetched once the page has been drawn, so that the first click opens it at once.
  useEffect(() => {
    const timer = window.setTimeout(() => void loadCellEditor().catch(() => undefined), 1500);
    return () => window.clearTimeout(timer);
  }, []);
  const onCellClick = useCallback<CalendarCellClick>(
    (cell, position, modifiers) => {
      if (selectionClick(position, modifiers)) return;
      setEditorLoaded(true);
      setTarget(cell);
    },
    [selectionClick],
  );
  const [bulkAction, setBulkAction] = useState<CalendarBulkAction | null>(null);
  const [bulkLoaded, setBulkLoaded] = useState(false);
  const openBulk = (action: CalendarBulkAction) => {
    setBulkLoaded(true);
    setBulkAction(action);
  };
  const cells = useMemo(() => selectedCells(selection.selected), [selection.selected]);
  const selectedEmployeeIds = useMemo(
    () => [...new Set(cells.map((cell) => cell.employeeId))],
    [cells],
  );
  const weeks = useMemo(() => copyableWeeks(range.from, range.to), [range.from, range.to]);
  const firstWeek = cells[0]
    ? weekStartOf(cells.reduce((a, b) => (a.date < b.date ? a : b)).date)
    : undefined;
  const gridQuery = calendarGridQuery(params, company, range);
  // The month's Labour Code violations: one request for the page (the same one as the «Нарушения
  // ТК РФ» button's), marked in the grid, refreshed with every change under the calendar's key.
  // The month and unit the page shows: what the violations, the summarized figure and the
  // publication are asked for.
  const unitMonth = {
    month,
    branchId: gridQuery.branchId,
    departmentId: gridQuery.departmentId,
  };
  const violations = useCalendarViolations(unitMonth, isAdminOrManager);
  const ruleMarks = useMemo(() => ruleMarksByEmployee(violations.data), [violations.data]);

  // The schedule's publication of the chosen branch or department (decision 028).
  const publishes = isAdminOrManager && (company?.schedulePublication ?? false);
  const publicationQuery = publishes ? publicationQueryOf(unitMonth) : null;
  const publication = useSchedulePublication(publicationQuery);
  const publicationState = publication.data;
  // Cells are marked only against a published version: before the first one the bar says the
  // whole month is a draft.
  const unpublished = useMemo(
    () =>
      publicationState && publicationState.versions.length > 0
        ? new Map(
            publicationState.changes.map((change) => [change.employeeId, change.dates.join(',')]),
          )
        : undefined,
    [publicationState],
  );

  // Phones show the month a week at a time, names whole; ‹ › and swipes turn the weeks.
  const monthDates = useMemo(() => range.days.map((day) => day.date), [range.days]);
  const pager = useWeekPager(monthDates, today, (next) => onChange({ month: next }));
  const weekDays = useMemo(() => {
    const dates = new Set(pager.week.dates);
    return range.days.filter((day) => dates.has(day.date));
  }, [range.days, pager.week]);
  const weekFirstColumn = range.days.findIndex((day) => day.date === weekDays[0]?.date);

  let body;
  if (!fresh && calendar.isError) {
    body = (
      <Empty description="Не удалось загрузить календарь">
        <Button onClick={() => void calendar.refetch()}>Повторить</Button>
      </Empty>
    );
  } else if (!fresh) {
    body = <Skeleton active paragraph={{ rows: 10 }} />;
  } else if (employees.length === 0) {
    body = filtered ? (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="Никого не нашли — измените условия поиска"
      >
        <Button onClick={() => setSearchParams(toCalendarSearchParams({ month }, currentMonth))}>
          Сбросить фильтры
        </Button>
      </Empty>
    ) : (
      <Empty description="Сотрудников пока нет — добавьте их в разделе «Сотрудники», назначьте график, и их смены появятся здесь" />
    );
  } else {
    body = (
      <Spin spinning={(calendar.isFetching && !calendar.isPending) || setDay.isPending} delay={200}>
        {isPhone && <WeekPagerBar pager={pager} />}
        <div {...(isPhone ? pager.swipe : {})}>
          <CalendarGrid
            days={isPhone ? weekDays : range.days}
            layout={isPhone ? 'week' : 'month'}
            firstColumn={isPhone ? Math.max(0, weekFirstColumn) : 0}
            dayKinds={dayKinds}
            companyDays={companyDays}
            onDayKindChange={onDayKindChange}
            employees={employees}
            today={today}
            editable={isAdminOrManager}
            hideDepartments={hideDepartments}
            compact={isPhone}
            onCellClick={onCellClick}
            selection={isAdminOrManager ? selection : undefined}
            maxHeight={isPhone ? 'calc(100dvh - 240px)' : 'calc(100vh - 330px)'}
            ruleMarks={isAdminOrManager ? ruleMarks : undefined}
            unpublished={unpublished}
          />
        </div>
      </Spin>
    );
  }

  return (
    <Page title={titles.company.calendar}>
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <CalendarToolbar
          month={month}
          currentMonth={currentMonth}
          params={params}
          branches={hideBranches ? undefined : (branches.data ?? [])}
          departments={hideDepartments ? undefined : (departments.data ?? [])}
          branchesLoading={branches.isPending}
          departmentsLoading={departments.isPending}
          onChange={onChange}
        />
        <div className="smena-cal-summary">
          <CalendarNorm calendar={year.data} monthNumber={range.monthNumber} />
          {isAdminOrManager && <CalendarViolations query={unitMonth} />}
          {isAdminOrManager && (
            <Suspense fallback={null}>
              <CalendarSummarized query={unitMonth} />
            </Suspense>
          )}
          {fresh && (
            <Typography.Text type="secondary">
              {fresh.total > employees.length
                ? `Показаны ${employees.length} из ${fresh.total} сотрудников — уточните фильтры`
                : `Сотрудников: ${fresh.total}`}
            </Typography.Text>
          )}
          {isAdminOrManager && employees.length > 0 && (
            <Button
              size="small"
              icon={<SelectOutlined />}
              type={selection.active ? 'primary' : 'default'}
              aria-pressed={selection.active}
              onClick={() => (selection.active ? selection.clear() : selection.setActive(true))}
            >
              {selection.active ? 'Снять выбор' : 'Выбрать ячейки'}
            </Button>
          )}
        </div>
        {publishes &&
          (publicationQuery === null ? (
            <Typography.Paragraph type="secondary">
              График публикуется по филиалу или по отделу: чтобы опубликовать его, оставьте в
              фильтре один филиал или один отдел.
            </Typography.Paragraph>
          ) : publicationState && publicationState.month === month ? (
            <Suspense fallback={null}>
              <PublicationBar
                query={publicationQuery}
                state={publicationState}
                zone={safeZone(company?.timezone)}
                isPhone={isPhone}
              />
            </Suspense>
          ) : null)}
        {body}
        {isAdminOrManager && selection.active && (
          <Suspense fallback={null}>
            <CalendarSelectionBar
              count={cells.length}
              employees={selectedEmployeeIds.length}
              onAction={openBulk}
              onClear={selection.clear}
              isPhone={isPhone}
            />
          </Suspense>
        )}
        <CalendarLegend />
      </Card>
      {editorLoaded && (
        <Suspense fallback={null}>
          <CellEditor target={target} onClose={() => setTarget(null)} fullScreen={isPhone} />
        </Suspense>
      )}
      {bulkLoaded && (
        <Suspense fallback={null}>
          <CalendarBulkModal
            action={bulkAction}
            cells={cells}
            employeeIds={selectedEmployeeIds}
            employees={employees}
            filteredTotal={fresh?.total ?? 0}
            filter={{
              search: gridQuery.search,
              branchId: gridQuery.branchId,
              departmentId: gridQuery.departmentId,
            }}
            weeks={weeks}
            defaultWeek={firstWeek && weeks.includes(firstWeek) ? firstWeek : undefined}
            until={range.to}
            fullScreen={isPhone}
            onClose={() => setBulkAction(null)}
            onApplied={selection.clear}
          />
        </Suspense>
      )}
    </Page>
  );
}
