import { FileExcelOutlined } from '@ant-design/icons';
import type { AttendanceReportRow } from '@smena/contract';
import { Button, Card, Empty, Grid, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { EmployeeSelect } from '../../../features/day-offs/components/employee-select.tsx';
import { useStructureOptions } from '../../../features/employees/api/get-structure-options.ts';
import { useExportAttendance } from '../../../features/reports/api/export-attendance.ts';
import { useAttendanceReport } from '../../../features/reports/api/get-attendance-report.ts';
import {
  AttendanceDaysDrawer,
  type AttendanceDaysTarget,
} from '../../../features/reports/components/attendance-days-drawer.tsx';
import { AttendanceTable } from '../../../features/reports/components/attendance-table.tsx';
import {
  ReportFiltersBar,
  type ReportFilterChange,
} from '../../../features/reports/components/report-filters.tsx';
import { employeesCount } from '../../../features/reports/report-format.ts';
import {
  hasReportFilters,
  parseAttendanceParams,
  toAttendanceSearchParams,
  type AttendanceParams,
} from '../../../features/reports/report-params.ts';
import { safeZone, todayIn } from '../../../lib/zoned-time.ts';

/** «Отчёт по посещаемости»: every employee's plan, work and deviations over a period. */
export function Component() {
  const { company } = useSession();
  const zone = safeZone(company?.timezone);
  const today = todayIn(zone);
  const isPhone = Grid.useBreakpoint().md === false;
  const hideBranches = company?.hideBranches ?? false;
  const hideDepartments = company?.hideDepartments ?? false;
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseAttendanceParams(searchParams, today);
  const query = {
    from: params.from,
    to: params.to,
    branchId: hideBranches ? undefined : params.branchId,
    departmentId: hideDepartments ? undefined : params.departmentId,
    employeeId: params.employeeId,
  };
  const report = useAttendanceReport(query);
  const structure = useStructureOptions({
    withBranches: !hideBranches,
    withDepartments: !hideDepartments,
  });
  const exportReport = useExportAttendance();
  const [target, setTarget] = useState<AttendanceDaysTarget | null>(null);

  const onChange = (change: ReportFilterChange) =>
    setSearchParams(
      (current) =>
        toAttendanceSearchParams(
          { ...parseAttendanceParams(current, today), ...change } as AttendanceParams,
          today,
        ),
      { replace: true },
    );
  const onOpen = (row: AttendanceReportRow) =>
    setTarget({ employeeId: row.employeeId, name: row.name });

  const data = report.data;
  const filtered = hasReportFilters(params);
  const empty = filtered ? (
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
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="За этот период в отчёте никого нет. Добавьте сотрудников и назначьте им график — и здесь появятся их дни, опоздания и отсутствия."
    />
  );

  return (
    <Page
      title={titles.company.report}
      actions={
        <Button
          icon={<FileExcelOutlined />}
          loading={exportReport.isPending}
          disabled={!data || data.rows.length === 0}
          onClick={() => exportReport.mutate(query)}
        >
          Выгрузить в Excel
        </Button>
      }
    >
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <ReportFiltersBar
          label="Фильтры отчёта"
          today={today}
          period={{ from: params.from, to: params.to }}
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
        {data && data.rows.length > 0 && (
          <div className="smena-report-summary">
            <Typography.Text type="secondary">
              {data.from} — {data.to} · {employeesCount(data.rows.length)}. Нажмите на сотрудника,
              чтобы увидеть его дни.
            </Typography.Text>
          </div>
        )}
        {report.isError && !data ? (
          <Empty description="Не удалось загрузить отчёт">
            <Button onClick={() => void report.refetch()}>Повторить</Button>
          </Empty>
        ) : (
          <AttendanceTable
            report={data}
            loading={report.isFetching}
            hideDepartments={hideDepartments}
            isPhone={isPhone}
            empty={empty}
            onOpenEmployee={onOpen}
          />
        )}
      </Card>
      <AttendanceDaysDrawer
        target={target}
        from={params.from}
        to={params.to}
        zone={zone}
        isPhone={isPhone}
        onClose={() => setTarget(null)}
      />
    </Page>
  );
}
