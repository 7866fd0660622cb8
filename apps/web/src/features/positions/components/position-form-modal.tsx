import { CreatePositionInputSchema, type Position } from '@smena/contract';
import { Form, Input, Modal } from 'antd';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useCreatePosition } from '../api/create-position.ts';
import { useUpdatePosition } from '../api/update-position.ts';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

type PositionFormValues = { title: string };

type PositionFormModalProps = {
  open: boolean;
  /** The position to rename; null adds a new one. */
  position: Position | null;
  onClose: () => void;
};

/** Adding or renaming a position: one field, so a small dialog is enough. */
export function PositionFormModal({ open, position, onClose }: PositionFormModalProps) {
  const [form] = Form.useForm<PositionFormValues>();
  const create = useCreatePosition();
  const update = useUpdatePosition();

  const onFinish = async (values: PositionFormValues) => {
    try {
      const input = CreatePositionInputSchema.parse({ title: values.title });
      if (position) {
        await update.mutateAsync({ id: position.id, input });
        notify.success(`Должность «${input.title}» сохранена`);
      } else {
        await create.mutateAsync(input);
        notify.success(`Должность «${input.title}» добавлена`);
      }
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) notify.apiError(caught);
    }
  };

  return (
    <Modal
      open={open}
      title={position ? 'Изменить должность' : 'Новая должность'}
      okText="Сохранить"
      cancelText="Отмена"
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<PositionFormValues>
        onKeyDown={keepEnterInFields}
        form={form}
        layout="vertical"
        name="position"
        initialValues={{ title: position?.title ?? '' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          label="Название"
          name="title"
          required
          rules={[zodRule(CreatePositionInputSchema.shape.title, 'Введите название')]}
        >
          <Input placeholder="Например, Продавец-консультант" maxLength={200} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
