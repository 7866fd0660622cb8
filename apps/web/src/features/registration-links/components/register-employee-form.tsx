import {
  ConsentCheckbox,
  NewPasswordFields,
} from '../../../components/form/registration-fields.tsx';
import {
  RegisterWithLinkInputSchema,
  type Country,
  type PublicRegistrationLink,
  type TokenPair,
} from '@smena/contract';
import { Alert, Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { CountrySelect, phoneCodeOf } from '../../../components/form/country-select.tsx';
import { PhoneInput } from '../../../components/form/phone-input.tsx';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors, phoneRule, zodRule } from '../../../lib/form.ts';
import { changePhoneCode, toE164 } from '../../../lib/phone-mask.ts';
import { useRegisterWithLink } from '../api/register-with-link.ts';

type EmployeeRegistrationValues = {
  lastName: string;
  firstName: string;
  middleName: string;
  email: string;
  country: string;
  phone: string;
  password: string;
  passwordRepeat: string;
  consent: boolean;
};

export const DEFAULT_COUNTRY = 'RU';
const shape = RegisterWithLinkInputSchema.shape;

/** Employee registration by a company link: the person joins the inviting company as an employee. */
export function RegisterEmployeeForm({
  link,
  countries,
  countriesLoading,
  onRegistered,
}: {
  link: PublicRegistrationLink;
  countries: Country[] | undefined;
  countriesLoading: boolean;
  /** Starts the session with the new tokens and leaves the page. */
  onRegistered: (pair: TokenPair) => Promise<void>;
}) {
  const [form] = Form.useForm<EmployeeRegistrationValues>();
  const register = useRegisterWithLink();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const country = Form.useWatch('country', form) ?? DEFAULT_COUNTRY;
  const phoneCode = phoneCodeOf(countries, country);

  const onFinish = async (values: EmployeeRegistrationValues) => {
    setError(null);
    try {
      const input = RegisterWithLinkInputSchema.parse({
        lastName: values.lastName,
        firstName: values.firstName,
        middleName: values.middleName ?? '',
        email: values.email,
        phone: toE164(values.phone, phoneCode),
        country: values.country,
        password: values.password,
        linkUUID: link.id,
        departmentId: link.departmentId ?? undefined,
        positionId: link.positionId ?? undefined,
      });
      const pair = await register.mutateAsync(input);
      setStarting(true);
      await onRegistered(pair);
    } catch (caught) {
      setStarting(false);
      if (!applyServerFieldErrors(form, caught)) setError(getErrorMessage(caught));
    }
  };

  return (
    <Form<EmployeeRegistrationValues>
      form={form}
      layout="vertical"
      size="large"
      initialValues={{ country: DEFAULT_COUNTRY, consent: false }}
      scrollToFirstError={{ block: 'center' }}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={(
        changed: Partial<EmployeeRegistrationValues>,
        all: EmployeeRegistrationValues,
      ) => {
        if (error) setError(null);
        if (changed.country !== undefined) {
          // `phoneCode` still holds the previous country's code in this render.
          form.setFieldValue(
            'phone',
            changePhoneCode(all.phone, phoneCode, phoneCodeOf(countries, changed.country)),
          );
        }
      }}
    >
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} role="alert" />
      )}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Фамилия"
            name="lastName"
            required
            rules={[zodRule(shape.lastName, 'Введите фамилию')]}
          >
            <Input autoComplete="family-name" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Имя"
            name="firstName"
            required
            rules={[zodRule(shape.firstName, 'Введите имя')]}
          >
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Отчество" name="middleName" rules={[zodRule(shape.middleName)]}>
        <Input autoComplete="additional-name" />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        required
        rules={[zodRule(shape.email, 'Введите email')]}
      >
        <Input inputMode="email" autoComplete="email" placeholder="name@mail.ru" />
      </Form.Item>
      <Form.Item label="Страна" name="country" required rules={[zodRule(shape.country)]}>
        <CountrySelect countries={countries} loading={countriesLoading} />
      </Form.Item>
      <Form.Item label="Телефон" name="phone" required rules={[phoneRule(phoneCode)]}>
        <PhoneInput phoneCode={phoneCode} />
      </Form.Item>
      <NewPasswordFields />
      <ConsentCheckbox />
      <Button type="primary" htmlType="submit" block loading={register.isPending || starting}>
        Зарегистрироваться
      </Button>
    </Form>
  );
}
