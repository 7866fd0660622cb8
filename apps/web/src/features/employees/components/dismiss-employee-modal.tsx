import { DismissEmployeeInputSchema, type Employee } from '@smena/contract';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useDismissEmployee } from '../api/dismiss-employee.ts';
import { fullName } from '../employee-format.ts';
import { DateField } from '../../../components/form/picker-fields.tsx';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

type DismissValues = { dismissedAt: Dayjs | null; reason: string };

export const DISMISS_CONSEQUENCE = 'Сотрудник потеряет доступ к компании; история сохранится.';

/** «Уволить»: the date (today by default) and an optional reason, after «Вы уверены?». */
export function DismissEmployeeModal({
  employee,
  onClose,
}: {
  /** The employee to dismiss; null keeps the modal closed. */
  employee: Employee | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<DismissValues>();
  const dismiss = useDismissEmployee();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: DismissValues) => {
    if (!employee) return;
    setError(null);
    try {
      const input = DismissEmployeeInputSchema.parse({
        dismissedAt: (values.dismissedAt ?? dayjs()).format(DATE_FORMAT),
        reason: values.reason?.trim() ? values.reason.trim() : undefined,
      });
      await dismiss.mutateAsync({ id: employee.id, input });
      notify.success(`Сотрудник ${fullName(employee)} уволен`);
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) setError(getErrorMessage(caught));
    }
  };

  return (
    <Modal
      open={employee !== null}
      title="Уволить сотрудника?"
      okText="Уволить"
      okButtonProps={{ danger: true, loading: dismiss.isPending }}
      cancelText="Отмена"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {employee && (
        <Typography.Paragraph>
          Вы уверены, что хотите уволить <strong>{fullName(employee)}</strong>?{' '}
          {DISMISS_CONSEQUENCE}
        </Typography.Paragraph>
      )}
      {error && (
        <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />
      )}
      <Form<DismissValues>
        onKeyDown={keepEnterInFields}
        form={form}
        layout="vertical"
        initialValues={{ dismissedAt: dayjs(), reason: '' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          label="Дата увольнения"
          name="dismissedAt"
          required
          rules={[{ required: true, message: 'Укажите дату увольнения' }]}
        >
          <DateField style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        <Form.Item
          label="Причина"
          name="reason"
          rules={[zodRule(DismissEmployeeInputSchema.shape.reason)]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="Необязательно" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
