import { type Country, type Profile, UpdateProfileInputSchema } from '@smena/contract';
import { Alert, Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { CountrySelect } from '../../../components/form/country-select.tsx';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

type ProfileValues = {
  lastName: string;
  firstName: string;
  middleName: string;
  country: string | null;
};

const shape = UpdateProfileInputSchema.shape;

function initialValues(profile: Profile): ProfileValues {
  return {
    lastName: profile.lastName,
    firstName: profile.firstName,
    middleName: profile.middleName,
    country: profile.country,
  };
}

/** The person's own data: name and country (email and phone: ChangeIdentityForm). */
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

  const onFinish = async (values: ProfileValues) => {
    setError(null);
    try {
      const input = UpdateProfileInputSchema.parse({
        lastName: values.lastName,
        firstName: values.firstName,
        middleName: values.middleName ?? '',
        country: values.country ?? null,
      });
      await update.mutateAsync(input);
      notify.success('Изменения сохранены');
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) setError(getErrorMessage(caught));
    }
  };

  return (
    <Form<ProfileValues>
      onKeyDown={keepEnterInFields}
      // Countries arrive after the profile: rebuild the form once they are known (phone mask).
      key={countries ? 'with-countries' : 'without-countries'}
      form={form}
      layout="vertical"
      initialValues={initialValues(profile)}
      scrollToFirstError={{ block: 'center' }}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={() => {
        if (error) setError(null);
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
          <Form.Item label="Страна" name="country">
            <CountrySelect countries={countries} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Сохранить
      </Button>
    </Form>
  );
}
