import {
  HOURS_MINUTES_UNIT,
  dayOffTypeLabels,
  formatHoursMinutes,
  type AttendanceReport,
  type AttendanceReportRow,
  type AttendanceSummary,
  type DayOffType,
} from '@smena/contract';
import { Button, Table, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes, type ReactNode, type ThHTMLAttributes } from 'react';
import { useColumnChoice, type PickableColumn } from '../../../components/layout/column-picker.tsx';
import { employeesCount, summarizedLine } from '../report-format.ts';
import './reports.css';
import { formatDuration } from '../../../lib/durations.ts';

/** One figure of a row and of the totals, in the table's order. */
type Metric = {
  key: string;
  /** The column group's title («План»); none: a column of its own. */
  group?: string;
  title: string;
  /** The full name for screen readers and the column's tooltip. */
  label: string;
  value: (summary: AttendanceSummary) => number;
  render: (value: number) => ReactNode;
  /** Zero is the usual value: shown as a dash so that deviations stand out. */
  dashZero?: boolean;
  width?: number;
};

const muted = <span className="smena-report__zero">—</span>;
const days = (value: number) => value;
/** «Ч:ММ» like the timesheet: exact, so the totals row is the sum of the rows shown. */
const hours = (value: number) => formatHoursMinutes(value);
const minutes = (value: number) => formatDuration(value);

const ABSENCE_TYPES: DayOffType[] = ['VACATION', 'SICKLEAVE', 'DISMISSED', 'HOLIDAY', 'WEEKEND'];
/** Shown even when nobody had them in the period. */
const USUAL_ABSENCES = new Set<DayOffType>(['VACATION', 'SICKLEAVE', 'DISMISSED']);

function metricsOf(totals: AttendanceSummary | undefined): Metric[] {
  const absences = ABSENCE_TYPES.filter(
    (type) => USUAL_ABSENCES.has(type) || (totals?.absenceDays[type] ?? 0) > 0,
  );
  return [
    {
      key: 'plannedDays',
      group: 'План',
      title: 'дн',
      label: 'План, дней',
      value: (s) => s.plannedDays,
      render: days,
    },
    {
      key: 'plannedMinutes',
      group: 'План',
      title: HOURS_MINUTES_UNIT,
      label: `План, часов (${HOURS_MINUTES_UNIT})`,
      value: (s) => s.plannedMinutes,
      render: hours,
    },
    {
      key: 'workedDays',
      group: 'Отработано',
      title: 'дн',
      label: 'Отработано, дней',
      value: (s) => s.workedDays,
      render: days,
    },
    {
      key: 'workedMinutes',
      group: 'Отработано',
      title: HOURS_MINUTES_UNIT,
      label: `Отработано, часов (${HOURS_MINUTES_UNIT})`,
      value: (s) => s.workedMinutes,
      render: hours,
    },
    {
      key: 'lateCount',
      group: 'Опоздания',
      title: 'раз',
      label: 'Опоздания, раз',
      value: (s) => s.lateCount,
      render: days,
      dashZero: true,
    },
    {
      key: 'lateMinutes',
      group: 'Опоздания',
      title: 'мин',
      label: 'Опоздания, минут',
      value: (s) => s.lateMinutes,
      render: minutes,
      dashZero: true,
    },
    {
      key: 'earlyLeaveCount',
      group: 'Ранний уход',
      title: 'раз',
      label: 'Ранний уход, раз',
      value: (s) => s.earlyLeaveCount,
      render: days,
      dashZero: true,
    },
    {
      key: 'earlyLeaveMinutes',
      group: 'Ранний уход',
      title: 'мин',
      label: 'Ранний уход, минут',
      value: (s) => s.earlyLeaveMinutes,
      render: minutes,
      dashZero: true,
    },
    ...absences.map((type): Metric => ({
      key: `absence-${type}`,
      group: 'Отсутствия, дн',
      title: dayOffTypeLabels[type],
      label: `${dayOffTypeLabels[type]}, дней`,
      value: (s) => s.absenceDays[type] ?? 0,
      render: days,
      dashZero: true,
      width: 112,
    })),
    {
      key: 'absentDays',
      title: 'Без причины (НН), дн',
      width: 108,
      label: 'Неявки без причины (НН), дней',
      value: (s) => s.absentDays,
      render: days,
      dashZero: true,
    },
    {
      key: 'overtimeMinutes',
      title: `Переработка, ${HOURS_MINUTES_UNIT}`,
      width: 124,
      label: `Переработка, часов (${HOURS_MINUTES_UNIT})`,
      value: (s) => s.overtimeMinutes,
      render: hours,
      dashZero: true,
    },
    {
      key: 'nightMinutes',
      title: `Ночные, ${HOURS_MINUTES_UNIT}`,
      width: 100,
      label: `Ночные, часов (${HOURS_MINUTES_UNIT})`,
      value: (s) => s.nightMinutes,
      render: hours,
      dashZero: true,
    },
    {
      key: 'dayOffWorkDays',
      group: 'В выходные',
      title: 'дн',
      label: 'Работа в выходные, дней',
      value: (s) => s.dayOffWorkDays,
      render: days,
      dashZero: true,
    },
    {
      key: 'dayOffWorkMinutes',
      group: 'В выходные',
      title: HOURS_MINUTES_UNIT,
      label: `Работа в выходные, часов (${HOURS_MINUTES_UNIT})`,
      value: (s) => s.dayOffWorkMinutes,
      render: hours,
      dashZero: true,
    },
    {
      key: 'holidayWorkMinutes',
      group: 'В праздники',
      title: 'ч',
      label: 'Работа в нерабочие праздники, часов (ст. 153 ТК РФ)',
      value: (s) => s.holidayWorkMinutes,
      render: hours,
      dashZero: true,
    },
  ];
}

const NAME_WIDTH = 250;
const NAME_WIDTH_PHONE = 150;
const DEPARTMENT_WIDTH = 150;

function metricWidth(metric: Metric): number {
  if (metric.width) return metric.width;
  if (metric.render === hours) return 92;
  if (metric.render === minutes) return 106;
  return 60;
}

/** The table's width: columns keep their widths, and long titles wrap. */
function tableWidth(metrics: Metric[], hideDepartments: boolean, isPhone: boolean): number {
  return (
    (isPhone ? NAME_WIDTH_PHONE : NAME_WIDTH) +
    (hideDepartments ? 0 : DEPARTMENT_WIDTH) +
    metrics.reduce((sum, metric) => sum + metricWidth(metric), 0)
  );
}

function cell(metric: Metric, summary: AttendanceSummary): ReactNode {
  const value = metric.value(summary);
  return value === 0 && metric.dashZero ? muted : metric.render(value);
}

const byName = (a: AttendanceReportRow, b: AttendanceReportRow) =>
  a.name.localeCompare(b.name, 'ru');

type Column = TableColumnsType<AttendanceReportRow>[number];

/** The picker's entry of a metric: its group («Опоздания») or its own title. */
const choiceKey = (metric: Metric) => metric.group ?? metric.key;

/** Plan and worked time always show; every other group of figures may be hidden. */
function pickableColumns(metrics: Metric[]): PickableColumn[] {
  const seen = new Map<string, PickableColumn>();
  for (const metric of metrics) {
    if (metric.group === 'План' || metric.group === 'Отработано') continue;
    const key = choiceKey(metric);
    if (!seen.has(key)) seen.set(key, { key, title: metric.group ?? metric.title });
  }
  return [...seen.values()];
}

function buildColumns(
  metrics: Metric[],
  hideDepartments: boolean,
  isPhone: boolean,
  onOpen: (row: AttendanceReportRow) => void,
  picker: ReactNode,
): TableColumnsType<AttendanceReportRow> {
  const columns: TableColumnsType<AttendanceReportRow> = [
    {
      key: 'name',
      title: (
        <span className="smena-report__name-head">
          Сотрудник
          {/* The picker's clicks are not the header's: they must not sort the names. */}
          <span onClick={(event) => event.stopPropagation()}>{picker}</span>
        </span>
      ),
      dataIndex: 'name',
      fixed: 'left',
      width: isPhone ? NAME_WIDTH_PHONE : NAME_WIDTH,
      sorter: byName,
      defaultSortOrder: 'ascend',
      render: (_value, row) => (
        <div className="smena-report__employee">
          <Button
            type="link"
            size="small"
            className="smena-report__employee-name"
            title={`${row.name}: по дням`}
            onClick={() => onOpen(row)}
          >
            {row.name || 'Без имени'}
          </Button>
          {(row.personnelNumber || row.positionTitle) && (
            <span className="smena-report__employee-sub">
              {[row.personnelNumber && `№ ${row.personnelNumber}`, row.positionTitle]
                .filter(Boolean)
                .join(' · ')}
            </span>
          )}
          {row.summarized && (
            <span className="smena-report__employee-sub">{summarizedLine(row.summarized)}</span>
          )}
        </div>
      ),
    },
  ];
  if (!hideDepartments)
    columns.push({
      key: 'department',
      title: 'Отдел',
      dataIndex: 'departmentTitle',
      width: DEPARTMENT_WIDTH,
      sorter: (a, b) => (a.departmentTitle ?? '').localeCompare(b.departmentTitle ?? '', 'ru'),
      render: (value: string | null) => value || muted,
    });

  let group = null as { title: string; children: Column[] } | null;
  for (const metric of metrics) {
    const column: Column = {
      key: metric.key,
      title: metric.title,
      align: 'right',
      width: metricWidth(metric),
      sorter: (a, b) => metric.value(a) - metric.value(b),
      sortDirections: ['descend', 'ascend'],
      render: (_value, row) => cell(metric, row),
      onHeaderCell: () => ({ 'data-label': metric.label }) as HTMLAttributes<HTMLElement>,
    };
    if (!metric.group) {
      group = null;
      columns.push(column);
      continue;
    }
    if (group?.title !== metric.group) {
      group = { title: metric.group, children: [] };
      columns.push({ key: `group-${metric.group}`, title: metric.group, children: group.children });
    }
    group.children.push(column);
  }
  return columns;
}

/**
 * antd names a sortable header by its visible title («мин»); the cell's own full name («Опоздания,
 * минут») is passed as `data-label` and becomes its accessible name and tooltip.
 */
function HeaderCell({
  'data-label': label,
  ...props
}: ThHTMLAttributes<HTMLTableCellElement> & { 'data-label'?: string }) {
  return label ? <th {...props} aria-label={label} title={label} /> : <th {...props} />;
}

const tableComponents = { header: { cell: HeaderCell } };

const PAGE_SIZES = [50, 100, 200, 500];

export type AttendanceTableProps = {
  report: AttendanceReport | undefined;
  loading: boolean;
  hideDepartments: boolean;
  isPhone: boolean;
  /** Shown instead of the rows when nobody is in the report. */
  empty: ReactNode;
  onOpenEmployee: (row: AttendanceReportRow) => void;
};

/** Every employee's figures with sortable columns, a sticky header and the totals row. */
export function AttendanceTable({
  report,
  loading,
  hideDepartments,
  isPhone,
  empty,
  onOpenEmployee,
}: AttendanceTableProps) {
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const allMetrics = metricsOf(report?.totals);
  const choice = useColumnChoice('attendance-report', pickableColumns(allMetrics));
  const metrics = allMetrics.filter((metric) => choice.isShown(choiceKey(metric)));
  const columns = buildColumns(metrics, hideDepartments, isPhone, onOpenEmployee, choice.picker);
  const rows = report?.rows ?? [];
  const totals = report?.totals;
  const lead = hideDepartments ? 1 : 2;

  return (
    <Table<AttendanceReportRow>
      className="smena-report"
      aria-label="Отчёт по посещаемости"
      size="small"
      bordered
      rowKey="employeeId"
      columns={columns}
      components={tableComponents}
      dataSource={rows}
      loading={loading}
      sticky={{ offsetHeader: 64 }}
      tableLayout="fixed"
      scroll={{ x: tableWidth(metrics, hideDepartments, isPhone) }}
      showSorterTooltip={false}
      locale={{ emptyText: loading ? ' ' : empty }}
      onRow={(row) => ({
        onClick: (event) => {
          const target = event.target as HTMLElement;
          if (!target.closest('button, a')) onOpenEmployee(row);
        },
        className: 'smena-report__row',
      })}
      pagination={
        rows.length > PAGE_SIZES[0]!
          ? {
              pageSize,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: employeesCount,
              onShowSizeChange: (_page, size) => setPageSize(size),
              placement: ['bottomEnd'],
            }
          : false
      }
      summary={() =>
        totals && rows.length > 0 ? (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row className="smena-report__totals">
              <Table.Summary.Cell index={0}>
                <strong>Итого</strong>
                <span className="smena-report__employee-sub"> {employeesCount(rows.length)}</span>
              </Table.Summary.Cell>
              {!hideDepartments && <Table.Summary.Cell index={1} />}
              {metrics.map((metric, index) => (
                <Table.Summary.Cell key={metric.key} index={index + lead} align="right">
                  {cell(metric, totals)}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
