import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { LoginInputSchema } from '@smena/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useLogin } from '../api/login.ts';
import { startSession } from '../session.ts';

type LoginValues = { email: string; password: string };

/** Email and password; the server's message («Неверный email или пароль») appears above the fields. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [form] = Form.useForm<LoginValues>();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const onFinish = async (values: LoginValues) => {
    setError(null);
    try {
      const pair = await login.mutateAsync(LoginInputSchema.parse(values));
      setStarting(true);
      await startSession(pair);
      onLoggedIn();
    } catch (caught) {
      setStarting(false);
      if (!applyServerFieldErrors(form, caught)) setError(getErrorMessage(caught));
    }
  };

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={() => error && setError(null)}
    >
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} role="alert" />
      )}
      <Form.Item
        label="Email"
        name="email"
        rules={[zodRule(LoginInputSchema.shape.email, 'Введите email')]}
      >
        <Input
          inputMode="email"
          autoComplete="username"
          prefix={<MailOutlined />}
          placeholder="name@company.ru"
          autoFocus
        />
      </Form.Item>
      <Form.Item
        label="Пароль"
        name="password"
        rules={[zodRule(LoginInputSchema.shape.password)]}
        style={{ marginBottom: 8 }}
      >
        <Input.Password
          autoComplete="current-password"
          prefix={<LockOutlined />}
          placeholder="Ваш пароль"
        />
      </Form.Item>
      <div style={{ textAlign: 'right', marginBottom: 24 }}>
        <Link to={paths.restore}>Забыли пароль?</Link>
      </div>
      <Button type="primary" htmlType="submit" block loading={login.isPending || starting}>
        Войти
      </Button>
    </Form>
  );
}
