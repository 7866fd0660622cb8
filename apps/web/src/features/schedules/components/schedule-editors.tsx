import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { ScheduleType } from '@smena/contract';
import {
  Alert,
  Button,
  Flex,
  Form,
  InputNumber,
  Segmented,
  Switch,
  Tooltip,
  Typography,
  type FormInstance,
  type FormRule,
} from 'antd';
import {
  CYCLE_PRESETS,
  MAX_CYCLE_LENGTH,
  TYPE_KEY,
  WEEKDAYS_SHORT,
  WEEK_PRESETS,
  cyclePattern,
  cyclePresetDays,
  definitionIssue,
  weekPresetDays,
  type FieldPath,
  type ScheduleFormValues,
  type SpanDayValues,
  type WeekPresetKey,
} from './schedule-helpers.ts';
import { DateInput, TimeInput } from './time-inputs.tsx';

/** A rule that checks one field with the contract's definition schema (cross-field rules too). */
function definitionRule(path: FieldPath): FormRule {
  return (form) => ({
    validator: () => {
      const message = definitionIssue(form.getFieldsValue(true) as ScheduleFormValues, path);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
}

const BREAK_PROPS = { min: 0, max: 1440, step: 5, precision: 0 } as const;

function ProductionCalendarSwitch({ typeKey }: { typeKey: string }) {
  return (
    <Form.Item
      name={[typeKey, 'followsProductionCalendar']}
      valuePropName="checked"
      label="Следовать производственному календарю"
      extra="Праздники — выходные, перенесённые рабочие дни — рабочие, предпраздничный день короче на час."
      className="smena-schedule-form__switch"
    >
      <Switch />
    </Form.Item>
  );
}

// ---------------------------------------------------------------- FIXED and NIGHT

/** The weekday grid of FIXED and NIGHT: working switch, start, end and break per weekday. */
export function WeekSpanEditor({
  type,
  form,
}: {
  type: Extract<ScheduleType, 'FIXED' | 'NIGHT'>;
  form: FormInstance<ScheduleFormValues>;
}) {
  const key = TYPE_KEY[type];
  const days = (Form.useWatch([key, 'days'], form) ?? []) as SpanDayValues[];
  const presets = (Object.keys(WEEK_PRESETS) as WeekPresetKey[]).filter(
    (preset) => WEEK_PRESETS[preset].type === type,
  );
  const applyPreset = (preset: WeekPresetKey) => {
    form.setFieldValue([key, 'days'], weekPresetDays(preset));
    const paths = WEEKDAYS_SHORT.flatMap((_, i) =>
      ['start', 'end', 'breakMinutes'].map((field) => [key, 'days', i, field]),
    );
    form.validateFields(paths).catch(() => undefined);
  };
  return (
    <>
      <Flex wrap gap={8} align="center" className="smena-schedule-form__presets">
        <Typography.Text type="secondary">Быстро:</Typography.Text>
        {presets.map((preset) => (
          <Button key={preset} size="small" onClick={() => applyPreset(preset)}>
            {WEEK_PRESETS[preset].label}
          </Button>
        ))}
      </Flex>
      {type === 'NIGHT' && (
        <Typography.Paragraph type="secondary" className="smena-schedule-form__note">
          Ночная смена заканчивается на следующий день и относится к дню, в который началась.
        </Typography.Paragraph>
      )}
      <div className="smena-week-grid" role="group" aria-label="Дни недели">
        <div className="smena-week-grid__head" aria-hidden>
          <span>День</span>
          <span>Работа</span>
          <span>Начало</span>
          <span>Конец</span>
          <span>Перерыв, мин</span>
        </div>
        {WEEKDAYS_SHORT.map((weekday, i) => {
          const working = Boolean(days[i]?.working);
          const next = (i + 1) % 7;
          return (
            <div
              key={weekday}
              className={`smena-week-grid__row${working ? '' : ' smena-week-grid__row--off'}`}
            >
              <span className="smena-week-grid__day">{weekday}</span>
              <Form.Item name={[key, 'days', i, 'working']} valuePropName="checked" noStyle>
                <Switch size="small" aria-label={`${weekday}: рабочий день`} />
              </Form.Item>
              <Form.Item
                name={[key, 'days', i, 'start']}
                rules={[definitionRule(['days', i, 'start'])]}
                dependencies={[[key, 'days', i, 'working']]}
              >
                <TimeInput disabled={!working} aria-label={`${weekday}: начало`} />
              </Form.Item>
              <Form.Item
                name={[key, 'days', i, 'end']}
                rules={[definitionRule(['days', i, 'end'])]}
                dependencies={[
                  [key, 'days', i, 'working'],
                  [key, 'days', i, 'start'],
                  [key, 'days', next, 'start'],
                  [key, 'days', next, 'working'],
                ]}
              >
                <TimeInput disabled={!working} aria-label={`${weekday}: конец`} />
              </Form.Item>
              <Form.Item
                name={[key, 'days', i, 'breakMinutes']}
                rules={[definitionRule(['days', i, 'breakMinutes'])]}
                dependencies={[
                  [key, 'days', i, 'working'],
                  [key, 'days', i, 'start'],
                  [key, 'days', i, 'end'],
                ]}
              >
                <InputNumber<number>
                  {...BREAK_PROPS}
                  disabled={!working}
                  aria-label={`${weekday}: перерыв, мин`}
                  className="smena-week-grid__number"
                />
              </Form.Item>
            </div>
          );
        })}
      </div>
      <ProductionCalendarSwitch typeKey={key} />
    </>
  );
}

// ---------------------------------------------------------------- FLEX

const hoursProps = {
  getValueProps: (minutes: number | null | undefined) => ({
    value: typeof minutes === 'number' ? minutes / 60 : minutes,
  }),
  normalize: (hours: number | null) => (typeof hours === 'number' ? Math.round(hours * 60) : null),
};

/** FLEX: per weekday the hours to work, an optional core and the window work counts in. */
export function FlexWeekEditor({ form }: { form: FormInstance<ScheduleFormValues> }) {
  const days = (Form.useWatch(['flex', 'days'], form) ?? []) as ScheduleFormValues['flex']['days'];
  const deps = (i: number): FieldPath[] =>
    [
      'working',
      'requiredMinutes',
      'coreStart',
      'coreEnd',
      'earliestStart',
      'latestEnd',
      'breakMinutes',
    ].map((field) => ['flex', 'days', i, field]);
  return (
    <>
      <Typography.Paragraph type="secondary" className="smena-schedule-form__note">
        Сотрудник отрабатывает норму дня в удобное время между самым ранним началом и самым поздним
        концом; в основное время (ядро) все на месте. Пустые поля — без ограничений.
      </Typography.Paragraph>
      <div className="smena-week-grid smena-week-grid--flex" role="group" aria-label="Дни недели">
        <div className="smena-week-grid__head" aria-hidden>
          <span>День</span>
          <span>Работа</span>
          <span>Норма, ч</span>
          <span>Ядро с</span>
          <span>Ядро до</span>
          <span>Не раньше</span>
          <span>Не позже</span>
          <span>Перерыв</span>
        </div>
        {WEEKDAYS_SHORT.map((weekday, i) => {
          const working = Boolean(days[i]?.working);
          const time = (field: string, label: string) => (
            <Form.Item
              name={['flex', 'days', i, field]}
              className={`smena-cell--${field}`}
              rules={[definitionRule(['days', i, field])]}
              dependencies={deps(i).filter((path) => path[3] !== field)}
            >
              <TimeInput
                allowClear
                disabled={!working}
                placeholder={label}
                aria-label={`${weekday}: ${label}`}
              />
            </Form.Item>
          );
          return (
            <div
              key={weekday}
              className={`smena-week-grid__row${working ? '' : ' smena-week-grid__row--off'}`}
            >
              <span className="smena-week-grid__day smena-cell--day">{weekday}</span>
              <Form.Item name={['flex', 'days', i, 'working']} valuePropName="checked" noStyle>
                <Switch
                  size="small"
                  className="smena-cell--working"
                  aria-label={`${weekday}: рабочий день`}
                />
              </Form.Item>
              <Form.Item
                name={['flex', 'days', i, 'requiredMinutes']}
                className="smena-cell--required"
                rules={[definitionRule(['days', i, 'requiredMinutes'])]}
                dependencies={deps(i).filter((path) => path[3] !== 'requiredMinutes')}
                {...hoursProps}
              >
                <InputNumber<number>
                  min={0}
                  max={24}
                  step={1}
                  disabled={!working}
                  aria-label={`${weekday}: норма, ч`}
                  suffix="ч"
                  className="smena-week-grid__number"
                />
              </Form.Item>
              {time('coreStart', 'ядро с')}
              {time('coreEnd', 'ядро до')}
              {time('earliestStart', 'не раньше')}
              {time('latestEnd', 'не позже')}
              <Form.Item
                name={['flex', 'days', i, 'breakMinutes']}
                className="smena-cell--break"
                rules={[definitionRule(['days', i, 'breakMinutes'])]}
              >
                <InputNumber<number>
                  {...BREAK_PROPS}
                  disabled={!working}
                  aria-label={`${weekday}: перерыв, мин`}
                  suffix="мин"
                  className="smena-week-grid__number"
                />
              </Form.Item>
            </div>
          );
        })}
      </div>
      <ProductionCalendarSwitch typeKey="flex" />
    </>
  );
}

// ---------------------------------------------------------------- DYNAMIC

const WORK_OPTIONS = [
  { value: 'work', label: 'Работа' },
  { value: 'rest', label: 'Выходной' },
];

/** DYNAMIC: the anchor date, presets and the list of cycle days. */
export function CycleEditor({ form }: { form: FormInstance<ScheduleFormValues> }) {
  const cycle = (Form.useWatch(['dynamic', 'cycle'], form) ?? []) as SpanDayValues[];
  const anchorDate = Form.useWatch(['dynamic', 'anchorDate'], form) as string | undefined;
  const applyPreset = (key: (typeof CYCLE_PRESETS)[number]['key']) => {
    const anchor =
      (form.getFieldValue(['dynamic', 'anchorDate']) as string | undefined) ?? '2026-01-01';
    form.setFieldValue(['dynamic', 'cycle'], cyclePresetDays(key, anchor));
  };
  const hasWork = cycle.some((day) => day?.working);
  return (
    <>
      <Form.Item
        label="Дата начала цикла"
        name={['dynamic', 'anchorDate']}
        required
        rules={[definitionRule(['anchorDate'])]}
        extra="С этой даты идёт первый день цикла; даты раньше считаются назад по тому же циклу."
      >
        <DateInput style={{ width: 180 }} />
      </Form.Item>
      <Flex wrap gap={8} align="center" className="smena-schedule-form__presets">
        <Typography.Text type="secondary">Шаблоны:</Typography.Text>
        {CYCLE_PRESETS.map((preset) => (
          <Button key={preset.key} size="small" onClick={() => applyPreset(preset.key)}>
            {preset.label}
          </Button>
        ))}
      </Flex>
      <Typography.Paragraph type="secondary" className="smena-schedule-form__note">
        Цикл: <strong>{cycle.length > 0 ? cyclePattern(cycle) : '—'}</strong>, {cycle.length}{' '}
        {cycle.length === 1 ? 'день' : cycle.length >= 2 && cycle.length <= 4 ? 'дня' : 'дней'}
        {anchorDate ? `, первый день — ${anchorDate}` : ''}. Смена, у которой конец раньше начала,
        заканчивается на следующий день.
      </Typography.Paragraph>
      {!hasWork && cycle.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title="В цикле должна быть хотя бы одна рабочая смена"
          style={{ marginBottom: 12 }}
        />
      )}
      <Form.List name={['dynamic', 'cycle']}>
        {(fields, { add, remove, move }) => (
          <>
            <div
              className="smena-week-grid smena-week-grid--cycle"
              role="group"
              aria-label="Дни цикла"
            >
              <div className="smena-week-grid__head" aria-hidden>
                <span>День</span>
                <span>Что</span>
                <span>Начало</span>
                <span>Конец</span>
                <span>Перерыв, мин</span>
                <span />
              </div>
              {fields.map((field, i) => {
                const working = Boolean(cycle[i]?.working);
                const label = `День ${i + 1}`;
                return (
                  <div
                    key={field.key}
                    className={`smena-week-grid__row${working ? '' : ' smena-week-grid__row--off'}`}
                  >
                    <span className="smena-week-grid__day smena-cell--day">{i + 1}</span>
                    <Form.Item
                      name={[field.name, 'working']}
                      noStyle
                      getValueProps={(value: boolean) => ({ value: value ? 'work' : 'rest' })}
                      normalize={(value: string) => value === 'work'}
                    >
                      <Segmented
                        className="smena-cell--what"
                        size="small"
                        options={WORK_OPTIONS}
                        aria-label={`${label}: работа или выходной`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'start']}
                      className="smena-cell--start"
                      rules={[definitionRule(['cycle', i, 'start'])]}
                      dependencies={[['dynamic', 'cycle', i, 'working']]}
                    >
                      <TimeInput disabled={!working} aria-label={`${label}: начало`} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'end']}
                      className="smena-cell--end"
                      rules={[definitionRule(['cycle', i, 'end'])]}
                      dependencies={[
                        ['dynamic', 'cycle', i, 'working'],
                        ['dynamic', 'cycle', i, 'start'],
                      ]}
                    >
                      <TimeInput disabled={!working} aria-label={`${label}: конец`} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'breakMinutes']}
                      className="smena-cell--break"
                      rules={[definitionRule(['cycle', i, 'breakMinutes'])]}
                      dependencies={[
                        ['dynamic', 'cycle', i, 'start'],
                        ['dynamic', 'cycle', i, 'end'],
                      ]}
                    >
                      <InputNumber<number>
                        {...BREAK_PROPS}
                        disabled={!working}
                        aria-label={`${label}: перерыв, мин`}
                        className="smena-week-grid__number"
                      />
                    </Form.Item>
                    <span className="smena-week-grid__tools smena-cell--tools">
                      <Tooltip title="Выше">
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowUpOutlined />}
                          disabled={i === 0}
                          aria-label={`${label}: выше`}
                          onClick={() => move(i, i - 1)}
                        />
                      </Tooltip>
                      <Tooltip title="Ниже">
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowDownOutlined />}
                          disabled={i === fields.length - 1}
                          aria-label={`${label}: ниже`}
                          onClick={() => move(i, i + 1)}
                        />
                      </Tooltip>
                      <Tooltip title="Удалить день">
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          disabled={fields.length <= 1}
                          aria-label={`${label}: удалить`}
                          onClick={() => remove(i)}
                        />
                      </Tooltip>
                    </span>
                  </div>
                );
              })}
            </div>
            <Flex gap={8} wrap className="smena-schedule-form__presets">
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_CYCLE_LENGTH}
                onClick={() => {
                  const last = cycle[cycle.length - 1];
                  add({
                    working: true,
                    start: last?.start ?? '09:00',
                    end: last?.end ?? '18:00',
                    breakMinutes: last?.breakMinutes ?? 60,
                  });
                }}
              >
                Рабочий день
              </Button>
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_CYCLE_LENGTH}
                onClick={() => {
                  const last = cycle[cycle.length - 1];
                  add({
                    working: false,
                    start: last?.start ?? '09:00',
                    end: last?.end ?? '18:00',
                    breakMinutes: last?.breakMinutes ?? 60,
                  });
                }}
              >
                Выходной
              </Button>
              <Typography.Text type="secondary" className="smena-schedule-form__limit">
                До {MAX_CYCLE_LENGTH} дней в цикле
              </Typography.Text>
            </Flex>
          </>
        )}
      </Form.List>
      <ProductionCalendarSwitch typeKey="dynamic" />
    </>
  );
}
