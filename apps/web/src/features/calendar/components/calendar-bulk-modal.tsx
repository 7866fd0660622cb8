import {
  DayOffTypeSchema,
  dayOffTypeLabels,
  type BulkCalendarFilter,
  type BulkCalendarResult,
  type CalendarEmployee,
  type DayOffType,
} from '@smena/contract';
import { Alert, Button, Flex, Form, Input, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  BulkActionModal,
  BulkDone,
  BulkError,
  BulkFooter,
} from '../../../components/feedback/bulk-result.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { TIME_FORMAT } from '../../../lib/dates.ts';
import { useBulkCalendar, useCopyWeek } from '../api/bulk-calendar.ts';
import { cellsLabel, ofEmployeesLabel, type SelectedCell } from '../cell-selection.ts';
import {
  copyWeekConflicts,
  shiftConflicts,
  type UnavailableConflict,
} from '../availability-marks.ts';
import { PlanViolationsAlert } from './plan-violations-alert.tsx';
import { ShiftFields } from './shift-fields.tsx';

export type CalendarBulkAction = 'shift' | 'dayOff' | 'absence' | 'clear' | 'copyWeek';

export type CalendarBulkModalProps = {
  action: CalendarBulkAction | null;
  cells: SelectedCell[];
  /** The employees of the selected cells. */
  employeeIds: number[];
  /** The grid's rows: their «Не могу» marks warn before work is put over them. */
  employees: readonly CalendarEmployee[];
  /** Employees matching the calendar's filters (all pages). */
  filteredTotal: number;
  filter: BulkCalendarFilter;
  /** Mondays of the weeks that can be copied, and the one of the first selected cell. */
  weeks: string[];
  defaultWeek: string | undefined;
  /** The last date a copied week fills: the end of the month shown. */
  until: string;
  fullScreen: boolean;
  onClose: () => void;
  /** The action went through (some items may have been refused): the selection may go. */
  onApplied: () => void;
};

const TITLES: Record<CalendarBulkAction, string> = {
  shift: 'Поставить смену',
  dayOff: 'Сделать выходным',
  absence: 'Отметить отсутствие',
  clear: 'Вернуть план графика',
  copyWeek: 'Копировать неделю',
};

const TYPE_OPTIONS = DayOffTypeSchema.options.map((type) => ({
  value: type,
  label: dayOffTypeLabels[type],
}));

const SHOWN_CONFLICTS = 8;

/**
 * Work about to go over «Не могу» marks: the cells, and a choice to go on anyway (a warning, as
 * in the cell editor, not a ban).
 */
function UnavailableWarning({
  conflicts,
  busy,
  onConfirm,
  onCancel,
}: {
  conflicts: UnavailableConflict[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const rest = conflicts.length - SHOWN_CONFLICTS;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 12 }}
      title="Сотрудники отметили, что не могут работать в это время"
      description={
        <Flex vertical gap={8}>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {conflicts.slice(0, SHOWN_CONFLICTS).map((conflict) => (
              <li key={`${conflict.employeeId}|${conflict.date}`}>
                {conflict.name}, {dayjs(conflict.date).format('D MMMM')}: {conflict.text}
              </li>
            ))}
            {rest > 0 && <li>и ещё {rest}</li>}
          </ul>
          <Typography.Text>Всё равно поставить?</Typography.Text>
          <Space wrap>
            <Button type="primary" danger loading={busy} onClick={onConfirm}>
              Всё равно поставить
            </Button>
            <Button disabled={busy} onClick={onCancel}>
              Отмена
            </Button>
          </Space>
        </Flex>
      }
    />
  );
}

function weekLabel(monday: string): string {
  const start = dayjs(monday);
  return `${start.format('D MMMM')} — ${start.add(6, 'day').format('D MMMM')}`;
}

type ShiftValues = { start: Dayjs | null; end: Dayjs | null; breakMinutes: number | null };
type AbsenceValues = { type: DayOffType; comment?: string };
type CopyValues = { weekStart: string; who: 'selected' | 'filter' };

/** The parameters of a calendar bulk action, its confirmation, then what came of it. */
export default function CalendarBulkModal(props: CalendarBulkModalProps) {
  const { action, fullScreen, onClose } = props;
  return (
    <BulkActionModal
      open={action !== null}
      title={action ? TITLES[action] : ''}
      fullScreen={fullScreen}
      onClose={onClose}
    >
      {action && <BulkBody key={action} {...props} action={action} />}
    </BulkActionModal>
  );
}

function BulkBody({
  action,
  cells,
  employeeIds,
  employees,
  filteredTotal,
  filter,
  weeks,
  defaultWeek,
  until,
  onClose,
  onApplied,
}: CalendarBulkModalProps & { action: CalendarBulkAction }) {
  const bulk = useBulkCalendar();
  const copy = useCopyWeek();
  const [result, setResult] = useState<BulkCalendarResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Work over «Не могу» marks waits for the manager to confirm it.
  const [unconfirmed, setUnconfirmed] = useState<{
    conflicts: UnavailableConflict[];
    apply: () => void;
  } | null>(null);
  const busy = bulk.isPending || copy.isPending;

  const handlers = {
    onSuccess: (answer: BulkCalendarResult) => {
      setResult(answer);
      onApplied();
    },
    onError: (reason: unknown) => setError(getErrorMessage(reason)),
  };
  /** Applies at once, or first asks when the work would go over «Не могу» marks. */
  const applyChecked = (conflicts: UnavailableConflict[], apply: () => void) => {
    setError(null);
    if (conflicts.length > 0) setUnconfirmed({ conflicts, apply });
    else apply();
  };
  const unavailableWarning = unconfirmed && (
    <UnavailableWarning
      conflicts={unconfirmed.conflicts}
      busy={busy}
      onConfirm={() => {
        unconfirmed.apply();
        setUnconfirmed(null);
      }}
      onCancel={() => setUnconfirmed(null)}
    />
  );

  if (result)
    return (
      <>
        {/* The company's checks warn: what the saved cells break, by employee and article. */}
        <PlanViolationsAlert violations={result.violations} refused={false} withNames />
        <BulkDone result={result} onClose={onClose} />
      </>
    );

  const scope = (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
      Выбрано: {cellsLabel(cells.length)} {ofEmployeesLabel(employeeIds.length)}
    </Typography.Paragraph>
  );
  const errorAlert = <BulkError error={error} />;
  const footer = (label: string, danger = false) => (
    <BulkFooter label={label} danger={danger} busy={busy} onCancel={onClose} />
  );

  if (action === 'shift')
    return (
      <Form<ShiftValues>
        layout="vertical"
        requiredMark
        initialValues={{
          start: dayjs('2000-01-01T09:00'),
          end: dayjs('2000-01-01T18:00'),
          breakMinutes: 60,
        }}
        onValuesChange={() => setUnconfirmed(null)}
        onFinish={(values) => {
          if (!values.start || !values.end) return;
          const start = values.start.format(TIME_FORMAT);
          const end = values.end.format(TIME_FORMAT);
          applyChecked(shiftConflicts(employees, cells, start, end), () =>
            bulk.mutate(
              {
                cells,
                action: {
                  kind: 'shift',
                  shifts: [{ start, end, breakMinutes: values.breakMinutes ?? 0 }],
                },
              },
              handlers,
            ),
          );
        }}
      >
        {scope}
        {errorAlert}
        <ShiftFields />
        {unavailableWarning}
        {footer('Поставить смену')}
      </Form>
    );

  if (action === 'absence')
    return (
      <Form<AbsenceValues>
        layout="vertical"
        requiredMark
        initialValues={{ type: 'VACATION', comment: '' }}
        onFinish={(values) => {
          setError(null);
          bulk.mutate(
            {
              cells,
              action: { kind: 'absence', type: values.type, comment: values.comment?.trim() ?? '' },
            },
            handlers,
          );
        }}
      >
        {scope}
        {errorAlert}
        <Form.Item label="Тип" name="type" rules={[{ required: true, message: 'Выберите тип' }]}>
          <Select options={TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item label="Комментарий" name="comment">
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          Подряд идущие дни сотрудника станут одним отсутствием.
        </Typography.Paragraph>
        {footer('Отметить отсутствие')}
      </Form>
    );

  if (action === 'copyWeek') {
    const canCopy = weeks.length > 0;
    return (
      <Form<CopyValues>
        layout="vertical"
        requiredMark
        initialValues={{ weekStart: defaultWeek ?? weeks[0], who: 'selected' }}
        onValuesChange={() => setUnconfirmed(null)}
        onFinish={(values) => {
          const targets =
            values.who === 'selected'
              ? employeeIds
              : employees.map((employee) => employee.employeeId);
          applyChecked(copyWeekConflicts(employees, targets, values.weekStart, until), () =>
            copy.mutate(
              {
                weekStart: values.weekStart,
                until,
                ...(values.who === 'selected' ? { employeeIds } : { filter }),
              },
              handlers,
            ),
          );
        }}
      >
        {errorAlert}
        {unavailableWarning}
        {!canCopy && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="В этом месяце нет недели, после которой осталась бы целая неделя"
          />
        )}
        <Form.Item
          label="Неделя-образец"
          name="weekStart"
          rules={[{ required: true, message: 'Выберите неделю' }]}
        >
          <Select options={weeks.map((week) => ({ value: week, label: weekLabel(week) }))} />
        </Form.Item>
        <Form.Item label="Сотрудники" name="who">
          <Radio.Group
            options={[
              { value: 'selected', label: `Выбранные (${employeeIds.length})` },
              { value: 'filter', label: `Все по фильтрам календаря (${filteredTotal})` },
            ]}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          Смены и выходные недели повторятся на следующих неделях до {dayjs(until).format('D MMMM')}
          . Отсутствия и праздники не копируются, а уже отмеченные отсутствия остаются.
        </Typography.Paragraph>
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={busy}>
            Отмена
          </Button>
          <Button type="primary" htmlType="submit" loading={busy} disabled={!canCopy}>
            Копировать
          </Button>
        </Space>
      </Form>
    );
  }

  // A rest day or the schedule's plan again: nothing to fill in, only a confirmation.
  const isClear = action === 'clear';
  return (
    <Form
      layout="vertical"
      onFinish={() => {
        setError(null);
        bulk.mutate({ cells, action: { kind: isClear ? 'clear' : 'dayOff' } }, handlers);
      }}
    >
      {errorAlert}
      <Typography.Paragraph>
        {isClear
          ? `Вы уверены? Ручные изменения в ${cellsLabel(cells.length)} будут убраны — дни снова пойдут по графику сотрудников. Отсутствия останутся.`
          : `Сделать выходными ${cellsLabel(cells.length)} ${ofEmployeesLabel(employeeIds.length)}? Поставленные вручную смены в них будут заменены.`}
      </Typography.Paragraph>
      {footer(isClear ? 'Вернуть план графика' : 'Сделать выходными', isClear)}
    </Form>
  );
}
