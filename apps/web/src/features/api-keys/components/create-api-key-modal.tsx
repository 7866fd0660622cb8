import { CreateApiKeyInputSchema, type CreatedApiKey } from '@smena/contract';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useKeyBranchOptions } from '../api/get-branch-options.ts';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

type Values = { name: string; branchId?: number | null };

/** «Новый API-ключ»: a name and, optionally, the one branch it works for. */
export function CreateApiKeyModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<unknown>(null);
  const create = useCreateApiKey();
  const branches = useKeyBranchOptions(open);

  const submit = async (values: Values) => {
    setError(null);
    try {
      const created = await create.mutateAsync({
        name: values.name.trim(),
        branchId: values.branchId ?? null,
      });
      form.resetFields();
      onCreated(created);
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) setError(caught);
    }
  };

  return (
    <Modal
      open={open}
      title="Новый API-ключ"
      okText="Создать"
      cancelText="Отмена"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        onKeyDown={keepEnterInFields}
        form={form}
        layout="vertical"
        name="api-key-form"
        onFinish={(values) => void submit(values)}
        onValuesChange={() => error && setError(null)}
      >
        {error !== null && (
          <Alert
            type="error"
            showIcon
            title={getErrorMessage(error)}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item
          label="Название"
          name="name"
          required
          rules={[zodRule(CreateApiKeyInputSchema.shape.name, 'Введите название')]}
          extra="Чтобы узнать ключ в списке: например, «Турникет на проходной» или «1С»."
        >
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item
          label="Филиал"
          name="branchId"
          extra="Ключ филиала создаёт отметки только в нём. Без филиала — во всех."
        >
          <Select
            allowClear
            placeholder="Все филиалы"
            loading={branches.isPending}
            options={branches.data ?? []}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
