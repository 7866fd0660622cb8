import {
  type CorrectionKind,
  type CreateCorrectionRequestInput,
  CreateCorrectionRequestInputSchema,
  REQUESTABLE_CORRECTION_CODES,
  correctionKindLabels,
  isHourlyCorrectionCode,
} from '@smena/contract';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors, clearChangedFieldErrors } from '../../../lib/form.ts';
import { useCreateCorrectionRequest } from '../api/create-correction-request.ts';
import { codeOptionLabel } from '../correction-format.ts';
import './correction-requests.css';

/** A branch the employee may name: where the check was (or should have been) made. */
export type CorrectionBranch = { id: number; title: string; active: boolean };

export type CorrectionFormValues = {
  kind: CorrectionKind;
  date: Dayjs | null;
  branchId?: number | undefined;
  checkIn: string;
  checkOut: string;
  code: (typeof REQUESTABLE_CORRECTION_CODES)[number];
  hours: number | null;
  comment: string;
};

const FORM_ID = 'correction-request-form';
const KINDS: CorrectionKind[] = ['MISSED_CHECK', 'DAY_CODE', 'OTHER_BRANCH'];
/** Server and schema field names → the form's fields (the hours are sent as minutes). */
const FIELD_MAP: Record<string, keyof CorrectionFormValues> = { minutes: 'hours' };
const FIELDS: (keyof CorrectionFormValues)[] = [
  'kind',
  'date',
  'branchId',
  'checkIn',
  'checkOut',
  'code',
  'hours',
  'comment',
];

/** «9:00», «0900», «9.00» → «09:00»; anything else is left for the schema to refuse. */
export function normalizeTime(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const match = /^(\d{1,2})[:.]?(\d{2})$/.exec(text);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : text;
}

/** The request as the API takes it: only the fields of the chosen kind. */
export function toCorrectionInput(values: CorrectionFormValues): CreateCorrectionRequestInput {
  const base = {
    kind: values.kind,
    date: values.date?.format(DATE_FORMAT) ?? '',
    comment: (values.comment ?? '').trim(),
  };
  if (values.kind === 'DAY_CODE') {
    const hourly = isHourlyCorrectionCode(values.code);
    return {
      ...base,
      code: values.code,
      ...(hourly && values.hours ? { minutes: Math.round(values.hours * 60) } : {}),
    };
  }
  const checkIn = normalizeTime(values.checkIn);
  const checkOut = normalizeTime(values.checkOut);
  return {
    ...base,
    ...(values.branchId !== undefined ? { branchId: values.branchId } : {}),
    ...(checkIn ? { checkIn } : {}),
    ...(checkOut ? { checkOut } : {}),
  };
}

/**
 * «Исправить отметку»: the employee's request for one of their dates — a forgotten check-in or
 * check-out, a business trip (or another code of the date), work at another branch — always
 * with a comment. Checked with the contract's schema before sending; the server's field errors
 * land under the fields.
 */
export function CorrectionRequestModal({
  open,
  onClose,
  branches,
  today,
}: {
  open: boolean;
  onClose: () => void;
  branches: readonly CorrectionBranch[];
  /** The employee's today (`yyyy-MM-dd`): later dates cannot be chosen. */
  today: string;
}) {
  const request = useCreateCorrectionRequest();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      title="Исправить отметку"
      className="smena-correction-modal"
      footer={
        <div className="smena-correction-form__footer">
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={request.isPending}>
            Отправить
          </Button>
        </div>
      }
    >
      <CorrectionRequestForm request={request} onDone={onClose} branches={branches} today={today} />
    </Modal>
  );
}

function CorrectionRequestForm({
  request,
  onDone,
  branches,
  today,
}: {
  request: ReturnType<typeof useCreateCorrectionRequest>;
  onDone: () => void;
  branches: readonly CorrectionBranch[];
  today: string;
}) {
  const [form] = Form.useForm<CorrectionFormValues>();
  const [error, setError] = useState<unknown>(null);
  const kind = Form.useWatch('kind', form) ?? 'MISSED_CHECK';
  const code = Form.useWatch('code', form) ?? 'К';
  const active = branches.filter((branch) => branch.active);

  const onFinish = async (values: CorrectionFormValues) => {
    setError(null);
    const parsed = CreateCorrectionRequestInputSchema.safeParse(toCorrectionInput(values));
    if (!parsed.success) {
      const byField = new Map<keyof CorrectionFormValues, string[]>();
      for (const issue of parsed.error.issues) {
        const raw = String(issue.path[0] ?? '');
        const name = FIELD_MAP[raw] ?? (raw as keyof CorrectionFormValues);
        if (!FIELDS.includes(name)) continue;
        byField.set(name, [...(byField.get(name) ?? []), issue.message]);
      }
      if (!values.date) byField.set('date', ['Выберите дату']);
      // Every field gets this check's verdict: an error of a rule now met goes away.
      form.setFields(FIELDS.map((name) => ({ name, errors: byField.get(name) ?? [] })));
      return;
    }
    try {
      await request.mutateAsync(toCorrectionInput(values));
      notify.success('Запрос отправлен руководителю');
      onDone();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught, FIELD_MAP)) setError(caught);
    }
  };

  return (
    <Form<CorrectionFormValues>
      form={form}
      name={FORM_ID}
      layout="vertical"
      className="smena-correction-form"
      initialValues={{
        kind: 'MISSED_CHECK',
        date: null,
        branchId: active.length === 1 ? active[0]!.id : undefined,
        checkIn: '',
        checkOut: '',
        code: 'К',
        hours: 8,
        comment: '',
      }}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={(changed: Partial<CorrectionFormValues>) => {
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
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item label="Что случилось" name="kind" required>
        <Radio.Group
          className="smena-correction-form__kinds"
          options={KINDS.map((value) => ({ value, label: correctionKindLabels[value] }))}
        />
      </Form.Item>
      <Form.Item label="Дата" name="date" required>
        <DatePicker
          format={DATE_FORMAT}
          placeholder="Выберите дату"
          inputReadOnly
          style={{ width: '100%' }}
          disabledDate={(date) => date.isAfter(dayjs(today), 'day')}
        />
      </Form.Item>
      {kind === 'DAY_CODE' ? (
        <>
          <Form.Item label="Код дня в табеле" name="code" required>
            <Select
              options={REQUESTABLE_CORRECTION_CODES.map((value) => ({
                value,
                label: codeOptionLabel(value),
              }))}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
          {isHourlyCorrectionCode(code) && (
            <Form.Item label="Часов в этот день" name="hours" required>
              <InputNumber min={0.5} max={24} step={0.5} style={{ width: '100%' }} />
            </Form.Item>
          )}
        </>
      ) : (
        <>
          <Form.Item
            label={kind === 'OTHER_BRANCH' ? 'Филиал, где работали' : 'Филиал'}
            name="branchId"
            required
          >
            <Select
              placeholder="Выберите филиал"
              options={active.map((branch) => ({ value: branch.id, label: branch.title }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <div className="smena-correction-form__times">
            <Form.Item
              label="Приход"
              name="checkIn"
              required={kind === 'OTHER_BRANCH'}
              extra={kind === 'MISSED_CHECK' ? 'Оставьте пустым, если приход отмечен' : undefined}
            >
              <Input placeholder="09:00" inputMode="numeric" maxLength={5} autoComplete="off" />
            </Form.Item>
            <Form.Item
              label="Уход"
              name="checkOut"
              required={kind === 'OTHER_BRANCH'}
              extra={kind === 'MISSED_CHECK' ? 'Оставьте пустым, если уход отмечен' : undefined}
            >
              <Input placeholder="18:00" inputMode="numeric" maxLength={5} autoComplete="off" />
            </Form.Item>
          </div>
        </>
      )}
      <Form.Item label="Комментарий" name="comment" required>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 5 }}
          maxLength={500}
          placeholder="Например: телефон разрядился, отметиться не смог"
        />
      </Form.Item>
    </Form>
  );
}
