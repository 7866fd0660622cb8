import { ReasonInputSchema } from '@smena/contract';
import { Form, Input, Modal } from 'antd';

/** Asks the reason of a refusal (at least 3 characters) and hands it to `onReject`. */
export function RejectReasonModal({
  open,
  title,
  saving,
  onReject,
  onClose,
}: {
  open: boolean;
  title: string;
  saving: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText="Отклонить"
      okButtonProps={{ danger: true }}
      cancelText="Отмена"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => {
          const parsed = ReasonInputSchema.safeParse(values);
          if (!parsed.success) {
            form.setFields([{ name: 'reason', errors: [parsed.error.issues[0]!.message] }]);
            return;
          }
          onReject(parsed.data.reason);
        }}
      >
        <Form.Item name="reason" label="Причина" required>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
