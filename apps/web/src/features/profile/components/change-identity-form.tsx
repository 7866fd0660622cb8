import {
  PRODUCT_NAME,
  type Country,
  type Profile,
  UpdateProfileInputSchema,
} from '@smena/contract';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { phoneCodeOf } from '../../../components/form/country-select.tsx';
import { PhoneInput } from '../../../components/form/phone-input.tsx';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors, phoneRule, zodRule } from '../../../lib/form.ts';
import { detectPhoneCode, formatPhone, toE164 } from '../../../lib/phone-mask.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type IdentityValues = { email: string; phone: string; currentPassword: string };

const shape = UpdateProfileInputSchema.shape;

export const IDENTITY_CHANGED_MESSAGE =
  'Email и телефон изменены. На других устройствах нужно войти заново.';

function phoneCodeFor(profile: Profile, countries: Country[] | undefined): string {
  return (
    detectPhoneCode(
      profile.phone,
      (countries ?? []).map((country) => country.phoneCode),
    ) ?? phoneCodeOf(countries, profile.country)
  );
}

/**
 * «Изменить email или телефон»: the login identity is the person's alone. The current password
 * confirms it; the other sessions end on the server.
 */
export function ChangeIdentityForm({
  profile,
  countries,
}: {
  profile: Profile;
  countries: Country[] | undefined;
}) {
  const [form] = Form.useForm<IdentityValues>();
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const phoneCode = phoneCodeFor(profile, countries);

  const onFinish = async (values: IdentityValues) => {
    setError(null);
    try {
      const input = UpdateProfileInputSchema.parse({
        email: values.email,
        phone: toE164(values.phone, phoneCode),
        currentPassword: values.currentPassword,
      });
      await update.mutateAsync(input);
      form.setFieldValue('currentPassword', '');
      notify.success(IDENTITY_CHANGED_MESSAGE);
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) setError(getErrorMessage(caught));
    }
  };

  return (
    <Form<IdentityValues>
      key={countries ? 'with-countries' : 'without-countries'}
      form={form}
      layout="vertical"
      initialValues={{
        email: profile.email,
        phone: formatPhone(profile.phone, phoneCode),
        currentPassword: '',
      }}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={() => error && setError(null)}
    >
      <Typography.Paragraph type="secondary">
        По email вы входите в {PRODUCT_NAME}, на телефон приходят коды восстановления. Их меняете
        только вы; другие устройства после смены выйдут из учётной записи.
      </Typography.Paragraph>
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} role="alert" />
      )}
      <Form.Item
        label="Email"
        name="email"
        required
        rules={[zodRule(shape.email, 'Введите email')]}
      >
        <Input inputMode="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Телефон" name="phone" required rules={[phoneRule(phoneCode)]}>
        <PhoneInput phoneCode={phoneCode} />
      </Form.Item>
      <Form.Item
        label="Текущий пароль"
        name="currentPassword"
        required
        rules={[{ required: true, message: 'Введите текущий пароль' }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Изменить email или телефон
      </Button>
    </Form>
  );
}
