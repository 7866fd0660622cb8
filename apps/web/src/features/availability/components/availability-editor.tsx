import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import {
  type AvailabilityKind,
  type AvailabilityMark,
  MAX_AVAILABILITY_COMMENT,
  SetAvailabilityInputSchema,
  type SetAvailabilityInput,
  availabilityKindLabels,
} from '@smena/contract';
import { Alert, Button, Form, Grid, Input, Modal, Popconfirm, Radio, Space, Switch } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors, clearChangedFieldErrors } from '../../../lib/form.ts';
import { useDeleteAvailability, useSetAvailability } from '../api/set-availability.ts';
import {
  describeMark,
  mondayOf,
  plusDays,
  weekDates,
  weekTitle,
  weekdayLabel,
} from '../availability-format.ts';
import './availability.css';

type DayValues = {
  kind: AvailabilityKind;
  partOfDay: boolean;
  start: string;
  end: string;
  comment: string;
};

const FIELDS: (keyof DayValues)[] = ['kind', 'start', 'end', 'comment'];
const KINDS: AvailabilityKind[] = ['UNAVAILABLE', 'PREFER_NOT'];

/** «9:00», «0900», «9.00» → «09:00»; anything else is left for the schema to refuse. */
function normalizeTime(value: string): string {
  const text = value.trim();
  const match = /^(\d{1,2})[:.]?(\d{2})$/.exec(text);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : text;
}

export function toAvailabilityInput(date: string, values: DayValues): SetAvailabilityInput {
  const comment = (values.comment ?? '').trim();
  return {
    date,
    kind: values.kind,
    ...(values.partOfDay
      ? { start: normalizeTime(values.start ?? ''), end: normalizeTime(values.end ?? '') }
      : {}),
    ...(comment ? { comment } : {}),
  };
}

/**
 * «Мои пожелания»: the coming weeks one at a time (from Monday), each date with its mark; a tap
 * opens the date's form — «Не могу» or «Хотел бы не работать», the whole day or some hours, a
 * comment — to save or remove the mark. Past dates and those after `lastDate` are not offered.
 */
export function AvailabilityEditor({
  open,
  onClose,
  today,
  lastDate,
  marks,
}: {
  open: boolean;
  onClose: () => void;
  today: string;
  lastDate: string;
  marks: readonly AvailabilityMark[];
}) {
  const firstMonday = mondayOf(today);
  const lastMonday = mondayOf(lastDate);
  const [monday, setMonday] = useState(firstMonday);
  const [selected, setSelected] = useState<string | null>(null);
  const byDate = new Map(marks.map((mark) => [mark.date, mark]));
  // Phones: the whole screen, like the other editors.
  const fullScreen = Grid.useBreakpoint().md === false;
  const moveWeek = (days: number) => {
    setMonday((current) => plusDays(current, days));
    setSelected(null);
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      title="Мои пожелания"
      className="smena-availability-modal"
      width={fullScreen ? '100%' : 520}
      style={fullScreen ? { top: 0, maxWidth: '100vw', margin: 0, padding: 0 } : undefined}
      footer={<Button onClick={onClose}>Готово</Button>}
    >
      <p className="smena-availability__hint">
        Отметьте дни, когда не можете или не хотели бы работать: руководитель увидит это при
        планировании смен.
      </p>
      <div className="smena-availability__week">
        <Button
          icon={<LeftOutlined />}
          aria-label="Предыдущая неделя"
          disabled={monday <= firstMonday}
          onClick={() => moveWeek(-7)}
        />
        <span className="smena-availability__week-title">{weekTitle(monday)}</span>
        <Button
          icon={<RightOutlined />}
          aria-label="Следующая неделя"
          disabled={monday >= lastMonday}
          onClick={() => moveWeek(7)}
        />
      </div>
      <ul className="smena-availability__days" aria-label={`Неделя ${weekTitle(monday)}`}>
        {weekDates(monday).map((date) => {
          const mark = byDate.get(date);
          const outside = date < today || date > lastDate;
          const text = mark ? describeMark(mark) : 'Нет отметки';
          return (
            <li key={date}>
              <button
                type="button"
                className={[
                  'smena-availability__day',
                  mark &&
                    `smena-availability__day--${mark.kind === 'UNAVAILABLE' ? 'unavailable' : 'prefer-not'}`,
                  selected === date && 'smena-availability__day--selected',
                ]
                  .filter(Boolean)
                  .join(' ')}
                disabled={outside}
                aria-pressed={selected === date}
                aria-label={`${date}, ${weekdayLabel(date)}: ${outside ? 'недоступно' : text}`}
                onClick={() => setSelected(selected === date ? null : date)}
              >
                <span className="smena-availability__date">
                  {date}, {weekdayLabel(date)}
                </span>
                <span className="smena-availability__mark">{outside ? '—' : text}</span>
              </button>
              {selected === date && (
                <DayForm key={date} date={date} mark={mark} onDone={() => setSelected(null)} />
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}

function DayForm({
  date,
  mark,
  onDone,
}: {
  date: string;
  mark: AvailabilityMark | undefined;
  onDone: () => void;
}) {
  const [form] = Form.useForm<DayValues>();
  const [error, setError] = useState<unknown>(null);
  const save = useSetAvailability();
  const remove = useDeleteAvailability();
  const partOfDay = Form.useWatch('partOfDay', form) ?? Boolean(mark?.start);
  const busy = save.isPending || remove.isPending;

  const onFinish = async (values: DayValues) => {
    setError(null);
    const input = toAvailabilityInput(date, values);
    const parsed = SetAvailabilityInputSchema.safeParse(input);
    if (!parsed.success) {
      const byField = new Map<keyof DayValues, string[]>();
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '') as keyof DayValues;
        if (FIELDS.includes(name)) byField.set(name, [...(byField.get(name) ?? []), issue.message]);
      }
      form.setFields(FIELDS.map((name) => ({ name, errors: byField.get(name) ?? [] })));
      return;
    }
    try {
      await save.mutateAsync(input);
      notify.success(`Отметка на ${date} сохранена`);
      onDone();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) setError(caught);
    }
  };

  const onRemove = async () => {
    setError(null);
    try {
      await remove.mutateAsync(date);
      notify.success(`Отметка на ${date} убрана`);
      onDone();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Form<DayValues>
      form={form}
      layout="vertical"
      className="smena-availability__form"
      aria-label={`Отметка на ${date}`}
      initialValues={{
        kind: mark?.kind ?? 'UNAVAILABLE',
        partOfDay: Boolean(mark?.start),
        start: mark?.start ?? '',
        end: mark?.end ?? '',
        comment: mark?.comment ?? '',
      }}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={(changed: Partial<DayValues>) => {
        if (error) setError(null);
        clearChangedFieldErrors(form, changed);
      }}
    >
      {error !== null && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={getErrorMessage(error)}
          style={{ marginBottom: 12 }}
        />
      )}
      <Form.Item label="Отметка" name="kind" required>
        <Radio.Group
          options={KINDS.map((value) => ({ value, label: availabilityKindLabels[value] }))}
        />
      </Form.Item>
      <Form.Item label="Только часть дня" name="partOfDay" valuePropName="checked">
        <Switch />
      </Form.Item>
      {partOfDay && (
        <div className="smena-availability__times">
          <Form.Item label="С" name="start" required>
            <Input placeholder="09:00" inputMode="numeric" maxLength={5} autoComplete="off" />
          </Form.Item>
          <Form.Item label="До" name="end" required>
            <Input placeholder="13:00" inputMode="numeric" maxLength={5} autoComplete="off" />
          </Form.Item>
        </div>
      )}
      <Form.Item label="Комментарий" name="comment">
        <Input.TextArea
          maxLength={MAX_AVAILABILITY_COMMENT}
          showCount
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder="Необязательно — руководитель увидит его"
        />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={busy}>
          Сохранить
        </Button>
        {mark && (
          <Popconfirm
            title="Вы уверены?"
            description="Отметка с этой даты будет убрана."
            okText="Убрать"
            cancelText="Отмена"
            onConfirm={() => void onRemove()}
          >
            <Button danger loading={remove.isPending} disabled={busy}>
              Убрать отметку
            </Button>
          </Popconfirm>
        )}
        <Button onClick={onDone} disabled={busy}>
          Отмена
        </Button>
      </Space>
    </Form>
  );
}
