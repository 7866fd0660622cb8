import {
  COMPANY_WIDE_DAY_OFF_TYPES,
  CreateDayOffInputSchema,
  DayOffTypeSchema,
  dayOffTypeLabels,
  UpdateDayOffInputSchema,
  type DayOff,
  type DayOffType,
} from '@smena/contract';
import { Alert, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors } from '../../../lib/form.ts';
import { useCreateDayOff } from '../api/create-day-off.ts';
import { useUpdateDayOff } from '../api/update-day-off.ts';
import { periodExtra } from '../day-off-format.ts';
import { NO_YEARS, useAbsenceDays, yearsOf } from '../use-absence-days.ts';
import { EmployeeSelect } from './employee-select.tsx';
import { PeriodPicker, periodRules } from './period-picker.tsx';
import { DAY_OFF_FIELD_MAP, issuesToFields } from '../form-errors.ts';
import './day-offs.css';
import { FormDrawer } from '../../../components/form/form-drawer.tsx';

export type DayOffScope = 'EMPLOYEE' | 'COMPANY';

export type DayOffFormValues = {
  scope: DayOffScope;
  employeeId: number | undefined;
  type: DayOffType | undefined;
  period: [Dayjs, Dayjs] | null;
  comment: string;
};

const ALL_TYPES = DayOffTypeSchema.options;

/** The types offered for the scope: the whole company takes only «Праздник» and «Выходной». */
export function typesForScope(scope: DayOffScope): readonly DayOffType[] {
  return scope === 'COMPANY' ? COMPANY_WIDE_DAY_OFF_TYPES : ALL_TYPES;
}

function initialValues(dayOff: DayOff | undefined): DayOffFormValues {
  if (!dayOff)
    return {
      scope: 'EMPLOYEE',
      employeeId: undefined,
      type: 'VACATION',
      period: null,
      comment: '',
    };
  return {
    scope: dayOff.employeeId === null ? 'COMPANY' : 'EMPLOYEE',
    employeeId: dayOff.employeeId ?? undefined,
    type: dayOff.type,
    period: [dayjs(dayOff.from, DATE_FORMAT), dayjs(dayOff.to, DATE_FORMAT)],
    comment: dayOff.comment,
  };
}

/** The request body of the form's values (null employee: the whole company). */
export function toDayOffInput(values: DayOffFormValues) {
  return {
    employeeId: values.scope === 'COMPANY' ? null : (values.employeeId ?? undefined),
    type: values.type,
    from: values.period?.[0]?.format(DATE_FORMAT),
    to: values.period?.[1]?.format(DATE_FORMAT),
    comment: (values.comment ?? '').trim(),
  };
}

export type DayOffFormDrawerProps = {
  open: boolean;
  /** The entry to edit; none means «Добавить отсутствие». */
  dayOff?: DayOff;
  onClose: () => void;
};

const FORM_ID = 'day-off-form';

/** «Добавить отсутствие» / «Изменить»: a drawer on wide screens, full screen on phones. */
export function DayOffFormDrawer({ open, dayOff, onClose }: DayOffFormDrawerProps) {
  const create = useCreateDayOff();
  const update = useUpdateDayOff();
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      width={480}
      title={dayOff ? 'Изменить отсутствие' : 'Новое отсутствие'}
      formId={FORM_ID}
      saving={create.isPending || update.isPending}
    >
      <DayOffForm
        key={dayOff?.id ?? 'new'}
        dayOff={dayOff}
        onClose={onClose}
        create={create}
        update={update}
      />
    </FormDrawer>
  );
}

function DayOffForm({
  dayOff,
  onClose,
  create,
  update,
}: {
  dayOff: DayOff | undefined;
  onClose: () => void;
  create: ReturnType<typeof useCreateDayOff>;
  update: ReturnType<typeof useUpdateDayOff>;
}) {
  const [form] = Form.useForm<DayOffFormValues>();
  const [error, setError] = useState<unknown>(null);
  const scope = Form.useWatch('scope', form) ?? initialValues(dayOff).scope;
  const period = Form.useWatch('period', form);
  const types = typesForScope(scope);

  const onScopeChange = (next: DayOffScope) => {
    const type = form.getFieldValue('type') as DayOffType | undefined;
    if (type && !typesForScope(next).includes(type)) form.setFieldValue('type', 'HOLIDAY');
    if (next === 'COMPANY') form.setFields([{ name: 'employeeId', errors: [] }]);
  };

  const onFinish = async (values: DayOffFormValues) => {
    setError(null);
    const raw = toDayOffInput(values);
    const schema = dayOff ? UpdateDayOffInputSchema : CreateDayOffInputSchema;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      form.setFields(
        issuesToFields(parsed.error.issues, ['employeeId', 'type', 'period', 'comment'] as const),
      );
      return;
    }
    try {
      if (dayOff) {
        await update.mutateAsync({ id: dayOff.id, input: UpdateDayOffInputSchema.parse(raw) });
        notify.success('Изменения сохранены');
      } else {
        await create.mutateAsync(CreateDayOffInputSchema.parse(raw));
        notify.success('Отсутствие добавлено');
      }
      onClose();
    } catch (caught) {
      if (isApiError(caught) && caught.statusCode === 409) {
        // An overlap: the message names the other entry, and it is about the dates.
        form.setFields([{ name: 'period', errors: [caught.message] }]);
        return;
      }
      if (!applyServerFieldErrors(form, caught, DAY_OFF_FIELD_MAP)) setError(caught);
    }
  };

  const type = Form.useWatch('type', form);
  const from = period?.[0]?.format(DATE_FORMAT);
  const to = period?.[1]?.format(DATE_FORMAT);
  const countDays = useAbsenceDays(from && to ? yearsOf(from, to) : NO_YEARS);
  const count = from && to && type ? countDays(type, from, to) : null;

  return (
    <Form<DayOffFormValues>
      form={form}
      name={FORM_ID}
      layout="vertical"
      className="smena-day-off-form"
      initialValues={initialValues(dayOff)}
      scrollToFirstError={{ block: 'center' }}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={(changed: Partial<DayOffFormValues>) => {
        if (error) setError(null);
        // An overlap belongs to the employee it was found for: choosing another one clears it.
        if ('scope' in changed || 'employeeId' in changed)
          form.setFields([{ name: 'period', errors: [] }]);
      }}
    >
      {error !== null && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={getErrorMessage(error)}
          style={{ marginBottom: 20 }}
        />
      )}
      <Form.Item label="Для кого" name="scope">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          onChange={(event) => onScopeChange(event.target.value as DayOffScope)}
          options={[
            { value: 'EMPLOYEE', label: 'Сотрудник' },
            { value: 'COMPANY', label: 'Вся компания' },
          ]}
        />
      </Form.Item>
      {scope === 'EMPLOYEE' && (
        <Form.Item
          label="Сотрудник"
          name="employeeId"
          required
          rules={[{ required: true, message: 'Выберите сотрудника' }]}
        >
          <EmployeeSelect knownLabel={dayOff?.employeeName} />
        </Form.Item>
      )}
      <Form.Item
        label="Тип"
        name="type"
        required
        rules={[{ required: true, message: 'Выберите тип' }]}
        extra={scope === 'COMPANY' ? 'Для всей компании — только праздник или выходной' : undefined}
      >
        <Select options={types.map((type) => ({ value: type, label: dayOffTypeLabels[type] }))} />
      </Form.Item>
      <Form.Item
        label="Период"
        name="period"
        required
        rules={periodRules}
        extra={periodExtra(count)}
      >
        <PeriodPicker />
      </Form.Item>
      <Form.Item label="Комментарий" name="comment">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} showCount />
      </Form.Item>
    </Form>
  );
}
