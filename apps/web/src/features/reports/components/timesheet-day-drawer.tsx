import { DeleteOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import {
  ClearTimesheetDayInputSchema,
  SetTimesheetDayInputSchema,
  type TimesheetCode,
  type TimesheetEntry,
} from '@smena/contract';
import {
  Alert,
  Button,
  Divider,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useClearTimesheetDay } from '../api/clear-timesheet-day.ts';
import { useAttendanceDays } from '../api/get-attendance-days.ts';
import { useTimesheetHistory } from '../api/get-timesheet-history.ts';
import { useSetTimesheetDay } from '../api/set-timesheet-day.ts';
import { codeOptions, entriesText, isHourlyCode, longDate, wallTimeOf } from '../report-format.ts';
import { CodeChips } from './code-chips.tsx';
import type { TimesheetCellTarget } from './report-card-grid.tsx';
import './reports.css';
import { FormDrawer } from '../../../components/form/form-drawer.tsx';
import { dateTimeOf } from '../../../lib/zoned-instants.ts';
import { formatDuration } from '../../../lib/durations.ts';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

/** The server's field messages when it sent them, else its message. */
function errorText(error: unknown): string {
  if (isApiError(error) && error.details?.length)
    return error.details.map((detail) => detail.message).join('. ');
  if (error instanceof Error && !isApiError(error)) return error.message;
  return getErrorMessage(error);
}

/** A date holds at most three codes (the contract's limit). */
export const MAX_CODES = 3;
const FORM_ID = 'timesheet-day-form';

type EntryValue = { code?: TimesheetCode; hours?: number | null };
export type TimesheetDayFormValues = { entries: EntryValue[]; reason: string };

function initialEntries(entries: readonly TimesheetEntry[]): EntryValue[] {
  if (entries.length === 0) return [{ code: undefined, hours: null }];
  return entries.slice(0, MAX_CODES).map((entry) => ({
    code: entry.code,
    hours: entry.minutes === null ? null : Math.round((entry.minutes / 60) * 100) / 100,
  }));
}

/** The form's rows as the API's entries: hours only for codes counted in hours. */
export function toEntries(values: EntryValue[]): TimesheetEntry[] {
  return values
    .filter((value): value is EntryValue & { code: TimesheetCode } => Boolean(value.code))
    .map((value) => ({
      code: value.code,
      minutes: isHourlyCode(value.code) ? Math.round((value.hours ?? 0) * 60) : null,
    }));
}

export type TimesheetDayDrawerProps = {
  target: TimesheetCellTarget | null;
  editable: boolean;
  zone: string;
  onClose: () => void;
};

/** A date of an employee's timesheet: its codes, the day's facts, a manual change and its history. */
export function TimesheetDayDrawer({ target, editable, zone, onClose }: TimesheetDayDrawerProps) {
  const save = useSetTimesheetDay();
  const employee = target?.employee;
  const day = target?.day;
  const sub = [
    employee?.positionTitle,
    employee?.personnelNumber && `№ ${employee.personnelNumber}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <FormDrawer
      open={target !== null}
      onClose={onClose}
      width={520}
      formId={FORM_ID}
      saving={save.isPending}
      editable={editable}
      title={
        <div className="smena-report-days__title">
          <span>{employee?.name ?? ''}</span>
          <span className="smena-report-days__period">{day ? longDate(day.date) : ''}</span>
        </div>
      }
    >
      {target && (
        <TimesheetDay
          key={`${target.employee.employeeId}-${target.day.date}`}
          target={target}
          subtitle={sub}
          editable={editable}
          zone={zone}
          save={save}
          onClose={onClose}
        />
      )}
    </FormDrawer>
  );
}

function TimesheetDay({
  target,
  subtitle,
  editable,
  zone,
  save,
  onClose,
}: {
  target: TimesheetCellTarget;
  subtitle: string;
  editable: boolean;
  zone: string;
  save: ReturnType<typeof useSetTimesheetDay>;
  onClose: () => void;
}) {
  const { employee, day } = target;
  const [form] = Form.useForm<TimesheetDayFormValues>();
  const [error, setError] = useState<unknown>(null);
  const [clearing, setClearing] = useState(false);
  const [initial] = useState<TimesheetDayFormValues>(() => ({
    entries: initialEntries(day.entries),
    reason: '',
  }));
  const watched = Form.useWatch('entries', form) ?? initial.entries;

  const onFinish = async (values: TimesheetDayFormValues) => {
    setError(null);
    const entries = toEntries(values.entries);
    if (entries.reduce((sum, entry) => sum + (entry.minutes ?? 0), 0) > 24 * 60) {
      setError(new Error('В сутках не больше 24 часов'));
      return;
    }
    try {
      await save.mutateAsync({
        employeeId: employee.employeeId,
        date: day.date,
        entries,
        reason: values.reason.trim(),
      });
      notify.success(`Табель изменён: ${employee.name}, ${day.date}`);
      onClose();
    } catch (caught) {
      // The codes' problems (`entries`) have no single field to stand under: they go on top.
      if (!applyServerFieldErrors(form, caught, { entries: '' })) setError(caught);
    }
  };

  return (
    <div className="smena-tab-drawer">
      {subtitle && <p className="smena-report-days__subtitle">{subtitle}</p>}

      <section className="smena-tab-drawer__section" aria-label="Коды дня">
        <Typography.Text type="secondary" className="smena-tab-drawer__label">
          {day.override ? 'В табеле (изменено вручную)' : 'Расчётные коды'}
        </Typography.Text>
        <div className="smena-tab-drawer__codes">
          {day.entries.length > 0 ? (
            <CodeChips entries={day.entries} />
          ) : (
            <Typography.Text type="secondary">Нет данных</Typography.Text>
          )}
        </div>
        <DayFacts employeeId={employee.employeeId} date={day.date} zone={zone} />
        {day.override && (
          <Alert
            type="warning"
            showIcon
            className="smena-tab-drawer__override"
            title="Коды дня заданы вручную"
            description={
              <div className="smena-tab-drawer__override-body">
                <span>Причина: {day.override.reason}</span>
                <span className="smena-tab-history__meta">
                  {[day.override.changedByName, dateTimeOf(day.override.changedAt, zone)]
                    .filter(Boolean)
                    .join(', ')}
                </span>
                {editable && (
                  <Button
                    size="small"
                    icon={<UndoOutlined />}
                    className="smena-tab-drawer__clear"
                    onClick={() => setClearing(true)}
                  >
                    Вернуть расчётные значения
                  </Button>
                )}
              </div>
            }
          />
        )}
      </section>

      {editable && (
        <>
          <Divider titlePlacement="start" plain>
            Изменить коды
          </Divider>
          <Form<TimesheetDayFormValues>
            form={form}
            name={FORM_ID}
            layout="vertical"
            initialValues={initial}
            onFinish={(values) => void onFinish(values)}
            onValuesChange={() => {
              if (error) setError(null);
            }}
          >
            {error !== null && (
              <Alert
                type="error"
                showIcon
                role="alert"
                title={errorText(error)}
                style={{ marginBottom: 16 }}
              />
            )}
            <Form.List name="entries">
              {(fields, { add, remove }) => (
                <div className="smena-tab-drawer__entries">
                  {fields.map((field, index) => {
                    const code = watched[index]?.code;
                    const hourly = code ? isHourlyCode(code) : false;
                    return (
                      <div key={field.key} className="smena-tab-drawer__entry">
                        <Form.Item
                          name={[field.name, 'code']}
                          label={index === 0 ? 'Код' : undefined}
                          className="smena-tab-drawer__code"
                          rules={[
                            { required: true, message: 'Выберите код' },
                            ({ getFieldValue }) => ({
                              validator: (_rule, value: TimesheetCode | undefined) => {
                                const all = (getFieldValue('entries') as EntryValue[]) ?? [];
                                const same = all.filter((entry) => entry?.code === value).length;
                                return value && same > 1
                                  ? Promise.reject(new Error('Этот код уже выбран'))
                                  : Promise.resolve();
                              },
                            }),
                          ]}
                        >
                          <Select
                            aria-label={`Код ${index + 1}`}
                            placeholder="Код по форме Т-13"
                            options={codeOptions}
                            showSearch={{ optionFilterProp: 'label' }}
                            popupMatchSelectWidth={false}
                            onChange={(next: TimesheetCode) => {
                              if (!isHourlyCode(next))
                                form.setFieldValue(['entries', field.name, 'hours'], null);
                            }}
                          />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'hours']}
                          label={index === 0 ? 'Часы' : undefined}
                          className="smena-tab-drawer__hours"
                          hidden={!hourly}
                          dependencies={[['entries', field.name, 'code']]}
                          rules={[
                            ({ getFieldValue }) => ({
                              validator: (_rule, value: number | null | undefined) => {
                                const current = getFieldValue(['entries', field.name, 'code']) as
                                  TimesheetCode | undefined;
                                if (!current || !isHourlyCode(current)) return Promise.resolve();
                                if (value === null || value === undefined)
                                  return Promise.reject(new Error('Укажите часы'));
                                if (value <= 0 || value > 24)
                                  return Promise.reject(new Error('От 0 до 24 ч'));
                                return Promise.resolve();
                              },
                            }),
                          ]}
                        >
                          <InputNumber
                            aria-label={`Часы ${index + 1}`}
                            min={0}
                            max={24}
                            step={0.5}
                            decimalSeparator=","
                            suffix="ч"
                            style={{ width: '100%' }}
                          />
                        </Form.Item>
                        {!hourly && (
                          <span className="smena-tab-drawer__days-only">
                            {code ? 'в днях' : ''}
                          </span>
                        )}
                        <Button
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={`Убрать код ${index + 1}`}
                          disabled={fields.length === 1}
                          className={index === 0 ? 'smena-tab-drawer__remove--first' : undefined}
                          onClick={() => remove(field.name)}
                        />
                      </div>
                    );
                  })}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    disabled={fields.length >= MAX_CODES}
                    onClick={() => add({ code: undefined, hours: null })}
                  >
                    Добавить код
                  </Button>
                  <Typography.Paragraph type="secondary" className="smena-tab-drawer__hint">
                    Не больше трёх кодов за день. Отпуск, больничный, выходной и другие отсутствия
                    учитываются в днях, без часов.
                  </Typography.Paragraph>
                </div>
              )}
            </Form.List>
            <Form.Item
              label="Причина"
              name="reason"
              required
              rules={[zodRule(SetTimesheetDayInputSchema.shape.reason, 'Укажите причину')]}
              extra="Останется в истории табеля вместе с вашим именем."
            >
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 5 }}
                maxLength={500}
                showCount
                placeholder="Например: служебная записка № 12 от начальника смены"
              />
            </Form.Item>
          </Form>
        </>
      )}

      <Divider titlePlacement="start" plain>
        История изменений
      </Divider>
      <DayHistory employeeId={employee.employeeId} date={day.date} zone={zone} />

      {clearing && (
        <ClearDayModal
          employeeId={employee.employeeId}
          date={day.date}
          current={entriesText(day.entries)}
          onCancel={() => setClearing(false)}
          onDone={() => {
            setClearing(false);
            onClose();
          }}
        />
      )}
    </div>
  );
}

/** Plan, check-in and out, worked time of the date (what the derived codes come from). */
function DayFacts({ employeeId, date, zone }: { employeeId: number; date: string; zone: string }) {
  const facts = useAttendanceDays({ employeeId, from: date, to: date });
  const day = facts.data?.days[0];
  if (facts.isPending) return <Skeleton active title={false} paragraph={{ rows: 1 }} />;
  if (!day) return null;
  const parts = [
    day.kind === 'WORK' ? `план ${formatDuration(day.plannedMinutes)}` : null,
    day.firstIn ? `приход ${wallTimeOf(day.firstIn, zone)}` : null,
    day.lastOut ? `уход ${wallTimeOf(day.lastOut, zone)}` : null,
    day.workedMinutes > 0 ? `отработано ${formatDuration(day.workedMinutes)}` : null,
    day.late ? `опоздание ${formatDuration(day.lateMinutes)}` : null,
    day.leftEarly ? `ранний уход ${formatDuration(day.earlyLeaveMinutes)}` : null,
    day.absent ? 'неявка' : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const text = parts.join(', ');
  return <p className="smena-tab-drawer__facts">{text.charAt(0).toUpperCase() + text.slice(1)}</p>;
}

function DayHistory({
  employeeId,
  date,
  zone,
}: {
  employeeId: number;
  date: string;
  zone: string;
}) {
  const history = useTimesheetHistory({ employeeId, date });
  if (history.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (history.isError)
    return <Alert type="error" showIcon title={getErrorMessage(history.error)} />;
  if (history.data.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="Вручную этот день не меняли"
        className="smena-tab-drawer__empty"
      />
    );
  const items = [...history.data].sort((a, b) =>
    a.createdAt === b.createdAt ? b.id - a.id : b.createdAt.localeCompare(a.createdAt),
  );
  return (
    <Timeline
      className="smena-tab-history"
      items={items.map((entry) => ({
        key: entry.id,
        color: entry.action === 'SET' ? 'blue' : 'gray',
        content: (
          <div className="smena-tab-history__entry">
            <div className="smena-tab-history__title">
              {entry.action === 'SET' ? (
                <>
                  Коды изменены: <CodeChips entries={entry.entries ?? []} />
                </>
              ) : (
                'Возвращены расчётные значения'
              )}
            </div>
            <div className="smena-tab-history__meta">
              {dateTimeOf(entry.createdAt, zone)}
              {entry.changedByName ? ` · ${entry.changedByName}` : ''}
            </div>
            <div className="smena-tab-history__reason">
              <Typography.Text type="secondary">Причина: </Typography.Text>
              {entry.reason}
            </div>
          </div>
        ),
      }))}
    />
  );
}

/** «Вы уверены?» with what happens, and the reason kept in the history. */
function ClearDayModal({
  employeeId,
  date,
  current,
  onCancel,
  onDone,
}: {
  employeeId: number;
  date: string;
  current: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const clear = useClearTimesheetDay();
  const [error, setError] = useState<unknown>(null);

  const onFinish = async ({ reason }: { reason: string }) => {
    setError(null);
    try {
      await clear.mutateAsync({ employeeId, date, reason: reason.trim() });
      notify.success(`Возвращены расчётные значения за ${date}`);
      onDone();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) setError(caught);
    }
  };

  return (
    <Modal
      open
      title="Вернуть расчётные значения?"
      okText="Вернуть"
      cancelText="Отмена"
      okButtonProps={{ danger: true, loading: clear.isPending }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Вы уверены? Ручные коды ({current}) будут сняты, и день снова рассчитается по графику и
        отметкам.
      </Typography.Paragraph>
      <Form
        onKeyDown={keepEnterInFields}
        form={form}
        layout="vertical"
        onFinish={(values) => void onFinish(values)}
      >
        {error !== null && (
          <Alert
            type="error"
            showIcon
            title={getErrorMessage(error)}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item
          label="Причина"
          name="reason"
          required
          rules={[zodRule(ClearTimesheetDayInputSchema.shape.reason, 'Укажите причину')]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
