import {
  ACCOUNTING_PERIOD_LABELS,
  CreateScheduleInputSchema,
  scheduleTypeLabels,
  type Schedule,
  type ScheduleType,
} from '@smena/contract';
import {
  Alert,
  Button,
  ColorPicker,
  Divider,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  Segmented,
  Select,
  type FormInstance,
} from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useMemo } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { zodRule } from '../../../lib/form.ts';
import { useCreateSchedule } from '../api/create-schedule.ts';
import { useUpdateSchedule } from '../api/update-schedule.ts';
import { CycleEditor, FlexWeekEditor, WeekSpanEditor } from './schedule-editors.tsx';
import {
  SCHEDULE_COLOR_PRESETS,
  SCHEDULE_TYPES,
  formPathOfDefinition,
  formPathOfServerField,
  initialFormValues,
  lawWarnings,
  previewDays,
  toDefinition,
  type FieldPath,
  type ScheduleFormValues,
} from './schedule-helpers.ts';
import { SchedulePreview } from './schedule-preview.tsx';
import { DateInput } from './time-inputs.tsx';
import './schedules.css';
import { todayIn } from '../../../lib/zoned-time.ts';

const TYPE_OPTIONS = SCHEDULE_TYPES.map((type) => ({
  value: type,
  label: scheduleTypeLabels[type],
}));

/** «Суммированный учёт» (art. 104 ТК РФ, decision 030). */
const ACCOUNTING_OPTIONS = [
  { value: 'NONE', label: 'Нет — норма за день и неделю' },
  ...(['MONTH', 'QUARTER', 'HALF_YEAR', 'YEAR'] as const).map((period) => ({
    value: period,
    label: ACCOUNTING_PERIOD_LABELS[period],
  })),
];

type ScheduleFormDrawerProps = {
  open: boolean;
  /** The schedule to edit; null adds a new one. */
  schedule: Schedule | null;
  /** The company's time zone: the preview is computed in it. */
  timezone: string;
  onClose: () => void;
};

/** Errors under fields named by paths computed at run time (the typed names cannot say them). */
function setErrors(form: FormInstance, fields: { name: FieldPath; errors: string[] }[]): void {
  form.setFields(fields);
}

/** Puts the server's field errors under the fields; true when at least one found its field. */
function applyServerErrors(
  form: FormInstance<ScheduleFormValues>,
  type: ScheduleType,
  error: unknown,
): boolean {
  if (!isApiError(error) || !error.details?.length) return false;
  const fields = error.details.flatMap((detail) => {
    const name = formPathOfServerField(type, detail.field);
    return name ? [{ name, errors: [detail.message] }] : [];
  });
  if (fields.length === 0) return false;
  setErrors(form, fields);
  return true;
}

function Editor({ type, form }: { type: ScheduleType; form: FormInstance<ScheduleFormValues> }) {
  if (type === 'FLEX') return <FlexWeekEditor form={form} />;
  if (type === 'DYNAMIC') return <CycleEditor form={form} />;
  return <WeekSpanEditor type={type} form={form} />;
}

/** Adding or editing a schedule: a 720 px drawer, the whole screen on phones. */
export function ScheduleFormDrawer({ open, schedule, timezone, onClose }: ScheduleFormDrawerProps) {
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const [form] = Form.useForm<ScheduleFormValues>();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const saving = create.isPending || update.isPending;
  const today = todayIn(timezone);
  const initial = useMemo(() => initialFormValues(schedule, today), [schedule, today]);
  const watched = Form.useWatch([], { form, preserve: true }) as ScheduleFormValues | undefined;
  const values = watched?.type ? watched : initial;
  const type = values.type;
  const definition = useMemo(() => toDefinition(values), [values]);
  const preview = useMemo(
    () => previewDays(definition, timezone, today),
    [definition, timezone, today],
  );
  const warnings = useMemo(() => lawWarnings(definition), [definition]);

  const onFinish = async () => {
    const all = form.getFieldsValue(true) as ScheduleFormValues;
    const parsed = CreateScheduleInputSchema.safeParse({
      title: all.title,
      color: all.color,
      definition: toDefinition(all),
      accountingPeriod: all.accountingPeriod === 'NONE' ? null : all.accountingPeriod,
    });
    if (!parsed.success) {
      setErrors(
        form,
        parsed.error.issues.map((issue) => {
          const [head, ...rest] = issue.path;
          const name =
            head === 'definition'
              ? formPathOfDefinition(all.type, rest)
              : [typeof head === 'symbol' ? String(head) : (head ?? 'title')];
          return { name, errors: [issue.message] };
        }),
      );
      return;
    }
    try {
      if (schedule) {
        await update.mutateAsync({
          id: schedule.id,
          input: { ...parsed.data, effectiveFrom: all.effectiveFrom },
        });
        notify.success(`График «${parsed.data.title}» сохранён`);
      } else {
        await create.mutateAsync(parsed.data);
        notify.success(`График «${parsed.data.title}» добавлен`);
      }
      onClose();
    } catch (caught) {
      if (!applyServerErrors(form, all.type, caught)) notify.apiError(caught);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={schedule ? 'Изменить график' : 'Новый график'}
      size={isPhone ? '100%' : 720}
      destroyOnHidden
      className="smena-schedule-drawer"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            Сохранить
          </Button>
        </Flex>
      }
    >
      <Form<ScheduleFormValues>
        form={form}
        layout="vertical"
        name="schedule"
        requiredMark
        initialValues={initial}
        scrollToFirstError={{ block: 'center' }}
        onFinish={() => void onFinish()}
        className="smena-schedule-form"
      >
        <Flex gap={16} align="flex-start" className="smena-schedule-form__top">
          <Form.Item
            label="Название"
            name="title"
            required
            rules={[zodRule(CreateScheduleInputSchema.shape.title, 'Введите название')]}
            className="smena-schedule-form__title"
          >
            <Input placeholder="Например, Пятидневка 09:00–18:00" maxLength={200} />
          </Form.Item>
          <Form.Item
            label="Цвет"
            name="color"
            getValueFromEvent={(color: Color) => color.toHexString()}
          >
            <ColorPicker
              disabledAlpha
              showText
              presets={[{ label: 'Цвета', colors: SCHEDULE_COLOR_PRESETS }]}
            />
          </Form.Item>
        </Flex>
        <Form.Item label="Тип" name="type" required>
          <Segmented<ScheduleType> options={TYPE_OPTIONS} className="smena-schedule-form__type" />
        </Form.Item>
        <Editor type={type} form={form} />
        <Form.Item
          label="Суммированный учёт"
          name="accountingPeriod"
          extra={
            'Учётный период, за который часы сравниваются с нормой по производственному ' +
            'календарю (ст. 104 ТК РФ): переработка в одни дни гасится недоработкой в другие, ' +
            'а сверхурочными считаются часы сверх нормы периода — в табеле последнего месяца ' +
            'периода. Смена может длиться до 24 часов.'
          }
        >
          <Select options={ACCOUNTING_OPTIONS} style={{ maxWidth: 320 }} />
        </Form.Item>
        {warnings.length > 0 && (
          <Flex vertical gap={8} className="smena-schedule-form__law">
            {warnings.map((warning) => (
              <Alert key={warning.code} type="warning" showIcon title={warning.message} />
            ))}
          </Flex>
        )}
        {schedule && (
          <Flex gap={16} align="flex-start" wrap className="smena-schedule-form__effective">
            <Form.Item
              label="Новое расписание действует с"
              name="effectiveFrom"
              required
              rules={[{ required: true, message: 'Укажите дату' }]}
              extra={
                schedule.definitionFrom
                  ? `Последнее изменение — с ${schedule.definitionFrom}`
                  : undefined
              }
            >
              <DateInput style={{ width: 180 }} />
            </Form.Item>
            <Alert
              type="info"
              showIcon
              className="smena-schedule-form__effective-note"
              title="Дни до этой даты сохранят прежнее расписание: табель и отчёты за прошлое не изменятся"
            />
          </Flex>
        )}
      </Form>
      <Divider style={{ margin: '8px 0 16px' }} />
      <SchedulePreview days={preview} timezone={timezone} />
    </Drawer>
  );
}
