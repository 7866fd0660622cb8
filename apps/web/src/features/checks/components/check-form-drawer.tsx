import { UpdateCheckInputSchema, type Check } from '@smena/contract';
import { addDays, toIsoInZone, wallTimeToMs } from '@smena/time';
import { Alert, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { DATE_FORMAT, TIME_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useCreateCheck } from '../api/create-check.ts';
import type { CheckBranch } from '../api/get-branch-zones.ts';
import { useUpdateCheck } from '../api/update-check.ts';
import './checks.css';
import { FormDrawer } from '../../../components/form/form-drawer.tsx';
import { dateOf, timeOf } from '../../../lib/zoned-instants.ts';
import { DateField, TimeField } from '../../../components/form/picker-fields.tsx';
import { timezoneLabel } from '../../../components/form/timezone-select.tsx';

export type CheckFormValues = {
  employeeId?: number;
  branchId?: number;
  date: Dayjs | null;
  checkIn: Dayjs | null;
  checkOut: Dayjs | null;
  reason?: string;
};

/** Server fields → the form's. */
const FIELD_MAP: Record<string, string> = {
  checkInDateTime: 'checkIn',
  checkOutDateTime: 'checkOut',
};

const FORM_ID = 'check-form';

/** The instants of the form's wall times in the branch's zone; a check-out before the check-in is the next day's. */
export function instantsOf(
  values: Pick<CheckFormValues, 'date' | 'checkIn' | 'checkOut'>,
  zone: string,
): { checkIn: string; checkOut: string | null; outNextDay: boolean } | null {
  if (!values.date || !values.checkIn) return null;
  const date = values.date.format(DATE_FORMAT);
  const inMs = wallTimeToMs(date, values.checkIn.format(TIME_FORMAT), zone);
  if (!values.checkOut)
    return { checkIn: toIsoInZone(inMs, zone), checkOut: null, outNextDay: false };
  const outTime = values.checkOut.format(TIME_FORMAT);
  let outMs = wallTimeToMs(date, outTime, zone);
  const outNextDay = outMs <= inMs;
  if (outNextDay) outMs = wallTimeToMs(addDays(date, 1), outTime, zone);
  return { checkIn: toIsoInZone(inMs, zone), checkOut: toIsoInZone(outMs, zone), outNextDay };
}

function initialValues(
  check: Check | undefined,
  zone: string,
  employeeId?: number,
): CheckFormValues {
  if (!check)
    return {
      employeeId,
      branchId: undefined,
      date: dayjs(),
      checkIn: null,
      checkOut: null,
      reason: '',
    };
  return {
    employeeId: check.employeeId,
    branchId: check.branchId,
    date: dayjs(dateOf(check.checkInDateTime, zone), DATE_FORMAT),
    checkIn: dayjs(timeOf(check.checkInDateTime, zone), TIME_FORMAT),
    checkOut: check.checkOutDateTime
      ? dayjs(timeOf(check.checkOutDateTime, zone), TIME_FORMAT)
      : null,
    reason: '',
  };
}

export type CheckFormDrawerProps = {
  open: boolean;
  /** The check to correct; none: a new check. */
  check?: Check;
  /** A new check's employee when it is known (the employee's page). */
  employeeId?: number;
  /** The «Сотрудник» picker of a new check when the employee is not known. */
  employeeField?: ReactNode;
  branches: readonly CheckBranch[];
  zoneOf: (branchId: number | null) => string;
  onClose: () => void;
};

/** «Добавить отметку» / «Исправить отметку»: a drawer, full screen on phones. */
export function CheckFormDrawer({ open, check, onClose, ...rest }: CheckFormDrawerProps) {
  const create = useCreateCheck();
  const update = useUpdateCheck();
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      width={460}
      title={check ? 'Исправить отметку' : 'Новая отметка'}
      formId={FORM_ID}
      saving={create.isPending || update.isPending}
    >
      <CheckForm
        key={check?.id ?? 'new'}
        check={check}
        create={create}
        update={update}
        onClose={onClose}
        {...rest}
      />
    </FormDrawer>
  );
}

function CheckForm({
  check,
  employeeId,
  employeeField,
  branches,
  zoneOf,
  create,
  update,
  onClose,
}: Omit<CheckFormDrawerProps, 'open'> & {
  create: ReturnType<typeof useCreateCheck>;
  update: ReturnType<typeof useUpdateCheck>;
}) {
  const [form] = Form.useForm<CheckFormValues>();
  const [error, setError] = useState<unknown>(null);
  const [initial] = useState(() =>
    initialValues(check, zoneOf(check?.branchId ?? null), employeeId),
  );
  const branchId = Form.useWatch('branchId', form) ?? initial.branchId;
  const date = Form.useWatch('date', form) ?? initial.date;
  const checkIn = Form.useWatch('checkIn', form) ?? initial.checkIn;
  const checkOut = Form.useWatch('checkOut', form);
  const zone = zoneOf(branchId ?? null);
  const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const preview = instantsOf({ date, checkIn, checkOut: checkOut ?? null }, zone);

  const branchOptions = branches
    .filter((branch) => branch.active || branch.id === check?.branchId)
    .map((branch) => ({
      value: branch.id,
      label: branch.active ? branch.title : `${branch.title} (в архиве)`,
    }));

  const onFinish = async (values: CheckFormValues) => {
    setError(null);
    const instants = instantsOf(values, zoneOf(values.branchId ?? null));
    if (!instants || values.branchId === undefined) return;
    try {
      if (check) {
        // Only what was changed: an untouched time keeps its seconds.
        const original = initialValues(check, zoneOf(check.branchId));
        const sameIn =
          values.date?.format(DATE_FORMAT) === original.date?.format(DATE_FORMAT) &&
          values.checkIn?.format(TIME_FORMAT) === original.checkIn?.format(TIME_FORMAT) &&
          values.branchId === check.branchId;
        const sameOut =
          sameIn &&
          (values.checkOut?.format(TIME_FORMAT) ?? null) ===
            (original.checkOut?.format(TIME_FORMAT) ?? null);
        await update.mutateAsync({
          id: check.id,
          input: {
            reason: (values.reason ?? '').trim(),
            ...(values.branchId !== check.branchId ? { branchId: values.branchId } : {}),
            ...(sameIn ? {} : { checkInDateTime: instants.checkIn }),
            ...(sameOut ? {} : { checkOutDateTime: instants.checkOut }),
          },
        });
        notify.success('Отметка исправлена');
      } else {
        const employee = values.employeeId ?? employeeId;
        if (employee === undefined) return;
        await create.mutateAsync({
          employeeId: employee,
          branchId: values.branchId,
          checkInDateTime: instants.checkIn,
          ...(instants.checkOut ? { checkOutDateTime: instants.checkOut } : {}),
        });
        notify.success('Отметка добавлена');
      }
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught, FIELD_MAP)) setError(caught);
    }
  };

  return (
    <Form<CheckFormValues>
      form={form}
      name={FORM_ID}
      layout="vertical"
      className="smena-check-form"
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
          title={getErrorMessage(error)}
          style={{ marginBottom: 20 }}
        />
      )}
      {!check && employeeField && (
        <Form.Item
          label="Сотрудник"
          name="employeeId"
          required
          rules={[{ required: true, message: 'Выберите сотрудника' }]}
        >
          {employeeField}
        </Form.Item>
      )}
      <Form.Item
        label="Филиал"
        name="branchId"
        required
        rules={[{ required: true, message: 'Выберите филиал' }]}
      >
        <Select
          options={branchOptions}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Выберите филиал"
        />
      </Form.Item>
      <Form.Item
        label="Дата"
        name="date"
        required
        rules={[{ required: true, message: 'Укажите дату' }]}
      >
        <DateField allowClear={false} style={{ width: '100%' }} />
      </Form.Item>
      <div className="smena-check-form__times">
        <Form.Item
          label="Приход"
          name="checkIn"
          required
          rules={[{ required: true, message: 'Укажите время прихода' }]}
        >
          <TimeField minuteStep={1} allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="Уход"
          name="checkOut"
          extra={
            preview?.outNextDay && date
              ? `На следующий день, ${dayjs(date).add(1, 'day').format(DATE_FORMAT)}`
              : checkOut
                ? undefined
                : 'Пусто — сотрудник ещё на месте'
          }
        >
          <TimeField minuteStep={1} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      {zone !== viewerZone && (
        <p className="smena-check-form__zone">
          Время — по часовому поясу филиала: {timezoneLabel(zone)}
        </p>
      )}
      {check && (
        <Form.Item
          label="Причина исправления"
          name="reason"
          required
          rules={[zodRule(UpdateCheckInputSchema.shape.reason, 'Укажите причину')]}
          extra="Останется в истории отметки вместе с вашим именем."
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={500}
            showCount
            placeholder="Например: забыл отметиться, пришёл в 09:00 — подтвердил начальник смены"
          />
        </Form.Item>
      )}
    </Form>
  );
}
