import { dayOffTypeLabels, RequestDayOffInputSchema, type DayOffType } from '@smena/contract';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors } from '../../../lib/form.ts';
import { useRequestDayOff } from '../api/request-day-off.ts';
import { periodExtra, REQUESTABLE_DAY_OFF_TYPES } from '../day-off-format.ts';
import { NO_YEARS, useAbsenceDays, yearsOf } from '../use-absence-days.ts';
import { DAY_OFF_FIELD_MAP, issuesToFields } from '../form-errors.ts';
import { PeriodPicker, periodRules } from './period-picker.tsx';
import './day-offs.css';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

type RequestValues = {
  type: DayOffType;
  period: [Dayjs, Dayjs] | null;
  comment: string;
};

const FORM_ID = 'request-day-off-form';

/** «Попросить отгул или отпуск»: the employee's own request, waiting for a manager. */
export function RequestDayOffModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const request = useRequestDayOff();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      title="Попросить отгул или отпуск"
      footer={
        <div className="smena-day-off-form__footer">
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={request.isPending}>
            Отправить
          </Button>
        </div>
      }
    >
      <RequestForm request={request} onClose={onClose} />
    </Modal>
  );
}

function RequestForm({
  request,
  onClose,
}: {
  request: ReturnType<typeof useRequestDayOff>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RequestValues>();
  const [error, setError] = useState<unknown>(null);
  const period = Form.useWatch('period', form);
  const type = Form.useWatch('type', form);
  const from = period?.[0]?.format(DATE_FORMAT);
  const to = period?.[1]?.format(DATE_FORMAT);
  const countDays = useAbsenceDays(from && to ? yearsOf(from, to) : NO_YEARS);
  const count = from && to && type ? countDays(type, from, to) : null;

  const onFinish = async (values: RequestValues) => {
    setError(null);
    const parsed = RequestDayOffInputSchema.safeParse({
      type: values.type,
      from: values.period?.[0]?.format(DATE_FORMAT),
      to: values.period?.[1]?.format(DATE_FORMAT),
      comment: (values.comment ?? '').trim(),
    });
    if (!parsed.success) {
      form.setFields(issuesToFields(parsed.error.issues, ['type', 'period', 'comment'] as const));
      return;
    }
    try {
      await request.mutateAsync(parsed.data);
      notify.success('Заявка отправлена руководителю');
      onClose();
    } catch (caught) {
      if (isApiError(caught) && caught.statusCode === 409) {
        form.setFields([{ name: 'period', errors: [caught.message] }]);
        return;
      }
      if (!applyServerFieldErrors(form, caught, DAY_OFF_FIELD_MAP)) setError(caught);
    }
  };

  return (
    <Form<RequestValues>
      onKeyDown={keepEnterInFields}
      form={form}
      name={FORM_ID}
      layout="vertical"
      className="smena-day-off-form"
      initialValues={{ type: 'VACATION', period: null, comment: '' }}
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
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        label="Тип"
        name="type"
        required
        rules={[{ required: true, message: 'Выберите тип' }]}
      >
        <Select
          options={REQUESTABLE_DAY_OFF_TYPES.map((type) => ({
            value: type,
            label: dayOffTypeLabels[type],
          }))}
        />
      </Form.Item>
      <Form.Item label="Даты" name="period" required rules={periodRules} extra={periodExtra(count)}>
        <PeriodPicker />
      </Form.Item>
      <Form.Item label="Комментарий" name="comment">
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 5 }}
          maxLength={1000}
          placeholder="Например: семейные обстоятельства"
        />
      </Form.Item>
    </Form>
  );
}
