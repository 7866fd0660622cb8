import { UpdateCountryCalendarInputSchema, type CountryCalendar } from '@smena/contract';
import { Alert, Button, Checkbox, Form, Input, Popconfirm, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { DATE_TIME_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useUpdateCountryCalendar } from '../api/update-country-calendar.ts';
import {
  changedDates,
  draftOf,
  holidaysFromYear,
  isSameDraft,
  marksOf,
  saveErrorsOf,
  setMark,
  toUpdateInput,
  type CalendarLists,
  type DateMark,
  type SaveErrors,
} from '../calendar-draft.ts';
import { NormsTable } from './norms-table.tsx';
import { YearCalendar } from './year-calendar.tsx';
import './production-calendars.css';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

type MetaValues = { source: string; provisional: boolean };

const NO_ERRORS: ReadonlyMap<string, string> = new Map();

function listsOf(calendar: CountryCalendar): CalendarLists {
  const { holidays, transferredDaysOff, workingWeekendDays, shortenedDays } = draftOf(calendar);
  return { holidays, transferredDaysOff, workingWeekendDays, shortenedDays };
}

/**
 * The super admin's editor of one country's year: dates in a year view, the source and the
 * «provisional» flag, the norms the server counts. Mount it again (a new `key`) for new data.
 */
export function CountryCalendarEditor({
  calendar,
  countryName,
  previousYear,
  onDirtyChange,
}: {
  calendar: CountryCalendar;
  countryName: string;
  /** The year before, offered as a start for an empty year (its fixed-date holidays). */
  previousYear?: CountryCalendar | undefined;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { country, year } = calendar;
  const [form] = Form.useForm<MetaValues>();
  const [lists, setLists] = useState<CalendarLists>(() => listsOf(calendar));
  const [saveErrors, setSaveErrors] = useState<SaveErrors | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const update = useUpdateCountryCalendar();

  const saved = useMemo(() => draftOf(calendar), [calendar]);
  const savedMarks = useMemo(() => marksOf(saved), [saved]);
  const marks = useMemo(() => marksOf(lists), [lists]);
  const changed = useMemo(() => changedDates(savedMarks, marks), [savedMarks, marks]);

  const source = Form.useWatch('source', form) ?? calendar.source;
  const provisional = Form.useWatch('provisional', form) ?? calendar.provisional;
  const dirty = !isSameDraft({ ...lists, source, provisional }, saved);

  useEffect(() => {
    onDirtyChange?.(dirty);
    // Gone (another year, or mounted again with the saved data): nothing unsaved is left.
    return () => onDirtyChange?.(false);
  }, [dirty, onDirtyChange]);

  const onSetMark = useCallback((date: string, mark: DateMark) => {
    setLists((current) => setMark(current, date, mark));
    // The date was changed after the server refused it: its old message no longer applies.
    setSaveErrors((current) => {
      if (!current?.byDate.has(date)) return current;
      const byDate = new Map(current.byDate);
      byDate.delete(date);
      return { ...current, byDate };
    });
  }, []);

  const save = async () => {
    let values: MetaValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const input = toUpdateInput({ ...lists, ...values });
    setSaveErrors(null);
    setSaveError(null);
    try {
      // mutateAsync: the editor is mounted again with the saved data before the promise settles.
      await update.mutateAsync({ country, year, input });
      notify.success(`Производственный календарь на ${year} год сохранён`);
    } catch (error) {
      applyServerFieldErrors(form, error);
      setSaveErrors(saveErrorsOf(error, input));
      setSaveError(getErrorMessage(error));
    }
  };

  const reset = () => {
    setLists(listsOf(calendar));
    form.resetFields();
    setSaveErrors(null);
    setSaveError(null);
  };

  const isEmpty = Object.values(lists).every((dates) => dates.length === 0);
  const previousHolidays =
    previousYear?.stored && previousYear.holidays.length > 0
      ? holidaysFromYear(previousYear.holidays, year)
      : [];
  const takePreviousHolidays = () =>
    setLists((current) => ({ ...current, holidays: previousHolidays }));

  const dateErrors = saveErrors
    ? [...saveErrors.byDate].sort(([a], [b]) => a.localeCompare(b))
    : [];
  const otherErrors = saveErrors?.other ?? [];
  const transfers = lists.transferredDaysOff.length;

  return (
    <div>
      <div className="smena-pcal-status">
        {calendar.stored ? <Tag color="green">Сохранён</Tag> : <Tag>Не заполнен</Tag>}
        {calendar.stored && calendar.provisional && <Tag color="gold">Предварительный</Tag>}
        {dirty && <Tag color="orange">Есть несохранённые изменения</Tag>}
        {calendar.updatedAt && (
          <Typography.Text type="secondary">
            Изменён {dayjs(calendar.updatedAt).format(DATE_TIME_FORMAT)}
          </Typography.Text>
        )}
      </div>

      {!calendar.stored && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${countryName}, ${year} год: календарь ещё не заполнен`}
          description={
            <>
              <Typography.Paragraph style={{ marginBottom: previousHolidays.length ? 8 : 0 }}>
                Пока компании этой страны работают по обычной пятидневке: суббота и воскресенье —
                выходные, праздников нет. Отметьте праздники и переносы — нажмите на дату — и
                сохраните календарь.
              </Typography.Paragraph>
              {previousHolidays.length > 0 && isEmpty && (
                <Button size="small" onClick={takePreviousHolidays}>
                  Взять праздники {year - 1} года ({previousHolidays.length})
                </Button>
              )}
            </>
          }
        />
      )}

      <Form<MetaValues>
        onKeyDown={keepEnterInFields}
        form={form}
        layout="vertical"
        initialValues={{ source: calendar.source, provisional: calendar.provisional }}
        className="smena-pcal-meta"
      >
        <Form.Item
          label="Источник"
          name="source"
          className="smena-pcal-meta__source"
          rules={[zodRule(UpdateCountryCalendarInputSchema.shape.source)]}
          extra="Например: постановление Правительства РФ от 24.09.2025 № 1466"
        >
          <Input maxLength={500} allowClear />
        </Form.Item>
        <Form.Item
          name="provisional"
          valuePropName="checked"
          className="smena-pcal-meta__flag"
          extra="Данные не утверждены: компании увидят пометку «предварительно» у нормы"
        >
          <Checkbox>Предварительный</Checkbox>
        </Form.Item>
      </Form>

      {saveError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={dateErrors.length > 0 ? 'Исправьте отмеченные даты' : saveError}
          description={
            dateErrors.length + otherErrors.length > 0 ? (
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {dateErrors.map(([date, message]) => (
                  <li key={date}>
                    {date} — {message}
                  </li>
                ))}
                {otherErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}

      <Typography.Paragraph type="secondary">
        Праздников: {lists.holidays.length} · перенесённых выходных: {transfers} · рабочих выходных:{' '}
        {lists.workingWeekendDays.length} · сокращённых дней: {lists.shortenedDays.length}. Нажмите
        на дату, чтобы изменить её.
      </Typography.Paragraph>

      <YearCalendar
        year={year}
        marks={marks}
        changed={changed}
        errors={saveErrors?.byDate ?? NO_ERRORS}
        disabled={update.isPending}
        onSetMark={onSetMark}
      />

      <NormsTable norms={calendar.norms} stale={dirty} />

      <div className="smena-pcal-actions">
        <Button
          type="primary"
          onClick={() => void save()}
          loading={update.isPending}
          disabled={!dirty}
        >
          Сохранить
        </Button>
        {dirty && (
          <Popconfirm
            title="Вы уверены?"
            description="Несохранённые изменения пропадут."
            okText="Отменить изменения"
            cancelText="Нет"
            onConfirm={reset}
          >
            <Button disabled={update.isPending}>Отменить изменения</Button>
          </Popconfirm>
        )}
        <Typography.Text type="secondary">
          {dirty
            ? `${changed.size > 0 ? `Изменено дат: ${changed.size}. ` : ''}Компании увидят изменения после сохранения.`
            : 'Все изменения сохранены'}
        </Typography.Text>
      </div>
    </div>
  );
}
