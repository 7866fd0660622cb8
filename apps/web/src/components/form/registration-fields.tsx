import { Checkbox, Form, Input } from 'antd';
import { Link } from 'react-router';
import { PasswordSchema, PersonNameSchema } from '@smena/contract';
import { paths } from '../../config/paths.ts';
import { sameAsRule, zodRule } from '../../lib/form.ts';

/**
 * «Фамилия» and «Имя» of the person registering a company (fields `lastName`, `firstName`): the
 * header, comments and histories name them, not their email.
 */
export function AdminNameFields() {
  return (
    <>
      <Form.Item
        label="Фамилия"
        name="lastName"
        required
        rules={[zodRule(PersonNameSchema.min(1, 'Введите фамилию'), 'Введите фамилию')]}
      >
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item
        label="Имя"
        name="firstName"
        required
        rules={[zodRule(PersonNameSchema.min(1, 'Введите имя'), 'Введите имя')]}
        extra="Так вас увидят сотрудники: в шапке, в комментариях и в истории изменений"
      >
        <Input autoComplete="given-name" />
      </Form.Item>
    </>
  );
}

/** «Пароль» and «Повторите пароль» of every registration form (fields `password`, `passwordRepeat`). */
export function NewPasswordFields() {
  return (
    <>
      <Form.Item
        label="Пароль"
        name="password"
        required
        rules={[zodRule(PasswordSchema, 'Введите пароль')]}
        extra="Не короче 8 символов"
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Повторите пароль"
        name="passwordRepeat"
        required
        dependencies={['password']}
        rules={[{ required: true, message: 'Повторите пароль' }, sameAsRule('password')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** The `consent` field of a registration form: the terms and the personal data consent. */
export function ConsentCheckbox() {
  return (
    <Form.Item
      name="consent"
      valuePropName="checked"
      rules={[
        {
          validator: (_rule, value: boolean) =>
            value
              ? Promise.resolve()
              : Promise.reject(new Error('Чтобы продолжить, примите условия')),
        },
      ]}
    >
      <Checkbox className="smena-consent">
        Я принимаю{' '}
        <Link to={paths.public.termsOfUse} target="_blank" rel="noopener">
          пользовательское соглашение
        </Link>{' '}
        и даю согласие на обработку персональных данных в соответствии с{' '}
        <Link to={paths.public.privacy} target="_blank" rel="noopener">
          политикой конфиденциальности
        </Link>
      </Checkbox>
    </Form.Item>
  );
}
