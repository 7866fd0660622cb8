import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  ChangeNewPasswordInputSchema,
  OTP_LENGTH,
  PasswordSchema,
  type Country,
} from '@smena/contract';
import { Alert, Button, Form, Input, Result, Select, Space, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PhoneInput } from '../../../components/form/phone-input.tsx';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors, phoneRule, sameAsRule, zodRule } from '../../../lib/form.ts';
import { changePhoneCode, DEFAULT_PHONE_CODE, toE164 } from '../../../lib/phone-mask.ts';
import { useChangeNewPassword } from '../api/change-new-password.ts';
import { useRestoreAccount } from '../api/restore-account.ts';

const RESEND_SECONDS = 60;
const DEFAULT_COUNTRY = 'RU';

type PhoneValues = { phone: string };
type PasswordValues = { otp: string; password: string; passwordRepeat: string };

/** Countries for the code picker: Russia first, then by name; the field shows the ISO code. */
function countryOptions(countries: Country[] | undefined) {
  const list = [...(countries ?? [])].sort((a, b) =>
    a.code === DEFAULT_COUNTRY
      ? -1
      : b.code === DEFAULT_COUNTRY
        ? 1
        : a.name.localeCompare(b.name, 'ru'),
  );
  if (!list.some((country) => country.code === DEFAULT_COUNTRY)) {
    return [
      { value: DEFAULT_COUNTRY, label: `Россия ${DEFAULT_PHONE_CODE}`, code: DEFAULT_COUNTRY },
    ];
  }
  return list.map((country) => ({
    value: country.code,
    label: `${country.name} ${country.phoneCode}`,
    code: country.code,
  }));
}

function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/** Password restore in three steps: phone → code from SMS and a new password → done. */
export function RestorePassword({ countries }: { countries: Country[] | undefined }) {
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [phone, setPhone] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resendLeft, startResendCountdown] = useCountdown();
  const [phoneForm] = Form.useForm<PhoneValues>();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const phoneCode =
    countries?.find((item) => item.code === country)?.phoneCode ?? DEFAULT_PHONE_CODE;
  const restore = useRestoreAccount();
  const change = useChangeNewPassword();

  const requestCode = async (e164: string) => {
    setError(null);
    const answer = await restore.mutateAsync({ phone: e164 });
    setPhone(e164);
    setNotice(answer.message || 'Мы отправили код в SMS.');
    startResendCountdown(RESEND_SECONDS);
    setStep(1);
  };

  const onPhoneFinish = async (values: PhoneValues) => {
    try {
      await requestCode(toE164(values.phone, phoneCode));
    } catch (caught) {
      if (!applyServerFieldErrors(phoneForm, caught)) setError(getErrorMessage(caught));
    }
  };

  const onPasswordFinish = async (values: PasswordValues) => {
    setError(null);
    try {
      const input = ChangeNewPasswordInputSchema.parse({
        phone,
        otp: values.otp,
        password: values.password,
      });
      const answer = await change.mutateAsync(input);
      setNotice(answer.message || null);
      setStep(2);
    } catch (caught) {
      if (!applyServerFieldErrors(passwordForm, caught)) setError(getErrorMessage(caught));
    }
  };

  const resend = () => {
    requestCode(phone).catch((caught: unknown) => setError(getErrorMessage(caught)));
  };

  return (
    <>
      <Steps
        size="small"
        responsive={false}
        titlePlacement="vertical"
        current={step}
        style={{ marginBottom: 28 }}
        items={[{ title: 'Телефон' }, { title: 'Новый пароль' }, { title: 'Готово' }]}
      />
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} role="alert" />
      )}

      {step === 0 && (
        <Form<PhoneValues>
          form={phoneForm}
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(values) => void onPhoneFinish(values)}
          onValuesChange={() => error && setError(null)}
        >
          <Form.Item
            label="Телефон"
            htmlFor="restore-phone"
            extra="Номер, указанный в вашем профиле. Мы пришлём на него код подтверждения."
          >
            <Space.Compact block>
              <Select
                aria-label="Страна"
                value={country}
                onChange={(code: string) => {
                  const next =
                    countries?.find((item) => item.code === code)?.phoneCode ?? DEFAULT_PHONE_CODE;
                  phoneForm.setFieldValue(
                    'phone',
                    changePhoneCode(phoneForm.getFieldValue('phone') as string, phoneCode, next),
                  );
                  setCountry(code);
                }}
                options={countryOptions(countries)}
                labelRender={({ value }) => String(value)}
                popupMatchSelectWidth={false}
                style={{ width: 84, flex: 'none' }}
              />
              <Form.Item name="phone" noStyle rules={[phoneRule(phoneCode)]}>
                <PhoneInput id="restore-phone" phoneCode={phoneCode} autoFocus />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={restore.isPending}>
            Получить код
          </Button>
        </Form>
      )}

      {step === 1 && (
        <Form<PasswordValues>
          form={passwordForm}
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(values) => void onPasswordFinish(values)}
          onValuesChange={() => error && setError(null)}
        >
          {notice && <Alert type="info" showIcon title={notice} style={{ marginBottom: 20 }} />}
          <Form.Item
            label="Код из SMS"
            name="otp"
            rules={[zodRule(ChangeNewPasswordInputSchema.shape.otp, 'Введите код из SMS')]}
          >
            <Input.OTP
              length={OTP_LENGTH}
              inputMode="numeric"
              formatter={(value) => value.replace(/\D/g, '')}
            />
          </Form.Item>
          <Form.Item
            label="Новый пароль"
            name="password"
            rules={[zodRule(PasswordSchema, 'Введите новый пароль')]}
            extra="Не короче 8 символов"
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Повторите пароль"
            name="passwordRepeat"
            dependencies={['password']}
            rules={[{ required: true, message: 'Повторите пароль' }, sameAsRule('password')]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={change.isPending}>
            Сменить пароль
          </Button>
          <div
            style={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 12,
              marginTop: 16,
              flexWrap: 'wrap',
            }}
          >
            <Button
              type="link"
              size="middle"
              icon={<ArrowLeftOutlined />}
              style={{ paddingInline: 0 }}
              onClick={() => {
                setError(null);
                setStep(0);
              }}
            >
              Изменить номер
            </Button>
            <Button
              type="link"
              size="middle"
              style={{ paddingInline: 0 }}
              disabled={resendLeft > 0 || restore.isPending}
              onClick={resend}
            >
              {resendLeft > 0 ? `Отправить код ещё раз (${resendLeft} с)` : 'Отправить код ещё раз'}
            </Button>
          </div>
        </Form>
      )}

      {step === 2 && (
        <Result
          status="success"
          title="Пароль изменён"
          subTitle={notice ?? 'Теперь войдите с новым паролем.'}
          style={{ padding: '8px 0 0' }}
          extra={
            <Link to={paths.login}>
              <Button type="primary" size="large">
                Войти
              </Button>
            </Link>
          }
        />
      )}
    </>
  );
}
