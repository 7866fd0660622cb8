import { NewPasswordInputSchema } from '@smena/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors, sameAsRule, zodRule } from '../../../lib/form.ts';
import { useChangePassword } from '../api/change-password.ts';

type PasswordValues = { old: string; new: string; repeat: string };

/** Current password, new password and its repeat. */
export function ChangePasswordForm() {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: PasswordValues) => {
    setError(null);
    try {
      await change.mutateAsync(NewPasswordInputSchema.parse({ old: values.old, new: values.new }));
      form.resetFields();
      notify.success('Пароль изменён');
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) setError(getErrorMessage(caught));
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      onFinish={(values) => void onFinish(values)}
      onValuesChange={() => error && setError(null)}
    >
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} role="alert" />
      )}
      <Form.Item
        label="Текущий пароль"
        name="old"
        required
        rules={[zodRule(NewPasswordInputSchema.shape.old)]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="Новый пароль"
        name="new"
        required
        rules={[zodRule(NewPasswordInputSchema.shape.new, 'Введите новый пароль')]}
        extra="Не короче 8 символов"
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Повторите новый пароль"
        name="repeat"
        required
        dependencies={['new']}
        rules={[{ required: true, message: 'Повторите новый пароль' }, sameAsRule('new')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        Изменить пароль
      </Button>
    </Form>
  );
}
