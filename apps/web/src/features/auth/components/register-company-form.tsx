import { type Country, RegisterCompanyInputSchema } from '@smena/contract';
import {
  AdminNameFields,
  ConsentCheckbox,
  NewPasswordFields,
} from '../../../components/form/registration-fields.tsx';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { CountrySelect, phoneCodeOf } from '../../../components/form/country-select.tsx';
import { PhoneInput } from '../../../components/form/phone-input.tsx';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors, phoneRule, zodRule } from '../../../lib/form.ts';
import { changePhoneCode, toE164 } from '../../../lib/phone-mask.ts';
import { useRegisterCompany } from '../api/register.ts';
import { startSession } from '../session.ts';

type RegisterValues = {
  title: string;
  lastName: string;
  firstName: string;
  email: string;
  country: string;
  phone: string;
  password: string;
  passwordRepeat: string;
  consent: boolean;
};

const DEFAULT_COUNTRY = 'RU';
const shape = RegisterCompanyInputSchema.shape;

/** Company self-registration: the person becomes the company's admin. */
export function RegisterCompanyForm({
  countries,
  countriesLoading,
  onRegistered,
}: {
  countries: Country[] | undefined;
  countriesLoading: boolean;
  onRegistered: (companyTitle: string) => void;
}) {
  const [form] = Form.useForm<RegisterValues>();
  const register = useRegisterCompany();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const country = Form.useWatch('country', form) ?? DEFAULT_COUNTRY;
  const phoneCode = phoneCodeOf(countries, country);

  const onFinish = async (values: RegisterValues) => {
    setError(null);
    try {
      const input = RegisterCompanyInputSchema.parse({
        title: values.title,
        lastName: values.lastName,
        firstName: values.firstName,
        email: values.email,
        phone: toE164(values.phone, phoneCode),
        country: values.country,
        password: values.password,
      });
      const pair = await register.mutateAsync(input);
      setStarting(true);
      await startSession(pair);
      onRegistered(input.title);
    } catch (caught) {
      setStarting(false);
      if (!applyServerFieldErrors(form, caught)) setError(getErrorMessage(caught));
    }
  };

  return (
    <Form<RegisterValues>
      form={form}
      layout="vertical"
      size="large"
      initialValues={{ country: DEFAULT_COUNTRY, consent: false }}
      scrollToFirstError={{ block: 'center' }}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={(changed: Partial<RegisterValues>, all: RegisterValues) => {
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
      <Form.Item
        label="Название компании"
        name="title"
        required
        rules={[zodRule(shape.title, 'Введите название компании')]}
      >
        <Input autoComplete="organization" placeholder="ООО «Ромашка»" autoFocus />
      </Form.Item>
      <AdminNameFields />
      <Form.Item
        label="Email"
        name="email"
        required
        rules={[zodRule(shape.email, 'Введите email')]}
      >
        <Input inputMode="email" autoComplete="email" placeholder="name@company.ru" />
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
        Зарегистрировать компанию
      </Button>
    </Form>
  );
}
