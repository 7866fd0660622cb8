import { CreateOpenShiftInputSchema, type CreateOpenShiftInput } from '@smena/contract';
import { Alert, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { FormDrawer } from '../../../components/form/form-drawer.tsx';
import { DateField, TimeField } from '../../../components/form/picker-fields.tsx';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { DATE_FORMAT, TIME_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors, clearChangedFieldErrors } from '../../../lib/form.ts';
import { useCreateOpenShift } from '../api/shift-exchange-api.ts';

type Option = { id: number; title: string };
type Values = {
  branchId?: number;
  positionId?: number | null;
  date?: Dayjs | null;
  start?: Dayjs | null;
  end?: Dayjs | null;
  breakMinutes?: number | null;
  headcount?: number | null;
  comment?: string;
};

const FORM_ID = 'open-shift-form';

/** The form's values as the API's input (what is missing stays missing: the schema names it). */
export function toOpenShiftInput(values: Values): Partial<CreateOpenShiftInput> {
  return {
    branchId: values.branchId,
    positionId: values.positionId ?? null,
    date: values.date?.format(DATE_FORMAT),
    start: values.start?.format(TIME_FORMAT),
    end: values.end?.format(TIME_FORMAT),
    breakMinutes: values.breakMinutes ?? 0,
    headcount: values.headcount ?? undefined,
    comment: values.comment ?? '',
  };
}

/**
 * «Выложить смену» (decision 029): a shift of a branch without an employee — date, times, break,
 * how many people, an optional position and a comment. The contract's schema checks it before
 * sending; the server's field errors land under the fields.
 */
export function OpenShiftFormDrawer({
  open,
  onClose,
  branches,
  positions,
}: {
  open: boolean;
  onClose: () => void;
  branches: readonly Option[];
  positions: readonly Option[];
}) {
  const [form] = Form.useForm<Values>();
  const create = useCreateOpenShift();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setError(null);
    const input = toOpenShiftInput(values);
    const parsed = CreateOpenShiftInputSchema.safeParse(input);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: String(issue.path[0] ?? 'comment') as keyof Values,
          errors: [issue.message],
        })),
      );
      return;
    }
    try {
      await create.mutateAsync(input as CreateOpenShiftInput);
      notify.success('Смена выложена — подходящие сотрудники получили уведомление');
      form.resetFields();
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) setError(getErrorMessage(caught));
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title="Открытая смена"
      width={520}
      formId={FORM_ID}
      saving={create.isPending}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form
        id={FORM_ID}
        form={form}
        layout="vertical"
        initialValues={{
          headcount: 1,
          breakMinutes: 0,
          branchId: branches.length === 1 ? branches[0]!.id : undefined,
        }}
        onFinish={submit}
        onValuesChange={(changed) => clearChangedFieldErrors(form, changed)}
      >
        <Form.Item name="branchId" label="Филиал" required>
          <Select
            placeholder="Выберите филиал"
            options={branches.map((branch) => ({ value: branch.id, label: branch.title }))}
          />
        </Form.Item>
        <Form.Item name="positionId" label="Должность" extra="Пусто — любая должность">
          <Select
            allowClear
            placeholder="Любая"
            options={positions.map((position) => ({ value: position.id, label: position.title }))}
          />
        </Form.Item>
        <Form.Item name="date" label="Дата" required>
          <DateField style={{ width: '100%' }} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="start" label="Начало" required>
              <TimeField style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="end" label="Конец" required extra="Раньше начала — на следующий день">
              <TimeField style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="breakMinutes" label="Перерыв, мин">
              <InputNumber min={0} step={15} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="headcount" label="Сколько человек" required>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="comment" label="Комментарий">
          <Input.TextArea rows={2} maxLength={500} placeholder="Например: инвентаризация" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
