import { type Country, type Profile, UpdateProfileInputSchema } from '@smena/contract';
import { Alert, Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { CountrySelect, phoneCodeOf } from '../../../components/form/country-select.tsx';
import { PhoneInput } from '../../../components/form/phone-input.tsx';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors, phoneRule, zodRule } from '../../../lib/form.ts';
import { changePhoneCode, detectPhoneCode, formatPhone, toE164 } from '../../../lib/phone-mask.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type ProfileValues = {
  lastName: string;
  firstName: string;
  middleName: string;
  email: string;
  country: string | null;
  phone: string;
};

const shape = UpdateProfileInputSchema.shape;

function initialValues(profile: Profile, countries: Country[] | undefined): ProfileValues {
  const code =
    (profile.country
      ? countries?.find((country) => country.code === profile.country)?.phoneCode
      : undefined) ??
    detectPhoneCode(
      profile.phone,
      (countries ?? []).map((country) => country.phoneCode),
    ) ??
    '+7';
  return {
    lastName: profile.lastName,
    firstName: profile.firstName,
    middleName: profile.middleName,
    email: profile.email,
    country: profile.country,
    phone: formatPhone(profile.phone, code),
  };
}

/** The person's own data: name, email, phone, country. */
export function ProfileForm({
  profile,
  countries,
}: {
  profile: Profile;
  countries: Country[] | undefined;
}) {
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const country = Form.useWatch('country', form) ?? profile.country;
  const phoneCode = phoneCodeOf(countries, country ?? null);

  const onFinish = async (values: ProfileValues) => {
    setError(null);
    try {
      const input = UpdateProfileInputSchema.parse({
        lastName: values.lastName,
        firstName: values.firstName,
        middleName: values.middleName ?? '',
        email: values.email,
        country: values.country ?? null,
        phone: toE164(values.phone, phoneCode),
      });
      await update.mutateAsync(input);
      notify.success('Изменения сохранены');
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) setError(getErrorMessage(caught));
    }
  };

  return (
    <Form<ProfileValues>
      // Countries arrive after the profile: rebuild the form once they are known (phone mask).
      key={countries ? 'with-countries' : 'without-countries'}
      form={form}
      layout="vertical"
      initialValues={initialValues(profile, countries)}
      scrollToFirstError={{ block: 'center' }}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={(changed: Partial<ProfileValues>, all: ProfileValues) => {
        if (error) setError(null);
        if (changed.country !== undefined) {
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
        <Col xs={24} md={12}>
          <Form.Item label="Фамилия" name="lastName" required rules={[zodRule(shape.lastName)]}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Имя" name="firstName" required rules={[zodRule(shape.firstName)]}>
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Отчество" name="middleName" rules={[zodRule(shape.middleName)]}>
            <Input autoComplete="additional-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Email"
            name="email"
            required
            rules={[zodRule(shape.email, 'Введите email')]}
          >
            <Input inputMode="email" autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Страна" name="country">
            <CountrySelect countries={countries} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Телефон" name="phone" required rules={[phoneRule(phoneCode)]}>
            <PhoneInput phoneCode={phoneCode} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Сохранить
      </Button>
    </Form>
  );
}
