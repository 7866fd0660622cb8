import {
  COMPANY_USER_LIMIT_MAX,
  CreateAdminCompanyInputSchema,
  PasswordSchema,
  TRIAL_DAYS,
  TRIAL_USER_LIMIT,
  UpdateAdminCompanyInputSchema,
  type AdminCompany,
  type Country,
  type UpdateAdminCompanyInput,
} from '@smena/contract';
import {
  Button,
  Col,
  DatePicker,
  Divider,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Switch,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { CountrySelect, phoneCodeOf } from '../../../components/form/country-select.tsx';
import { PhoneInput } from '../../../components/form/phone-input.tsx';
import { TimezoneSelect } from '../../../components/form/timezone-select.tsx';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors, phoneRule, zodRule } from '../../../lib/form.ts';
import { changePhoneCode, formatPhone, toE164 } from '../../../lib/phone-mask.ts';
import { useCreateCompany } from '../api/create-company.ts';
import { useUpdateCompany } from '../api/update-company.ts';

export type CompanyFormValues = {
  title: string;
  email: string;
  country: string;
  phone: string;
  timezone: string;
  lastName: string;
  firstName: string;
  middleName: string;
  password: string;
  userLimit: number | null;
  isTrial: boolean;
  /** `yyyy-MM-dd`, the last paid day; empty — no paid period. */
  paidUntil: string | null;
};

const DEFAULT_COUNTRY = 'RU';
const DEFAULT_TIMEZONE = 'Europe/Moscow';
const createShape = CreateAdminCompanyInputSchema.shape;
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A password people can read out over the phone: 12 characters without look-alikes. */
export function generatePassword(length = 12): string {
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]).join('');
}

export function initialCompanyValues(
  company: AdminCompany | null,
  countries: Country[] | undefined,
  today = dayjs(),
): CompanyFormValues {
  const country = company?.country ?? DEFAULT_COUNTRY;
  return {
    title: company?.title ?? '',
    email: company?.email ?? '',
    country,
    phone: company ? formatPhone(company.phone, phoneCodeOf(countries, country)) : '',
    timezone: company?.timezone ?? DEFAULT_TIMEZONE,
    lastName: '',
    firstName: '',
    middleName: '',
    password: '',
    userLimit: company?.userLimit ?? TRIAL_USER_LIMIT,
    isTrial: company?.isTrial ?? true,
    // A new company gets the trial registration gives, ending on this day.
    paidUntil: company ? company.paidUntilDate : today.add(TRIAL_DAYS, 'day').format(DATE_FORMAT),
  };
}

/** Only what changed, so that the audit log names the fields really edited. */
export function companyChanges(
  company: AdminCompany,
  values: CompanyFormValues,
  phoneCode: string,
): UpdateAdminCompanyInput {
  const next: UpdateAdminCompanyInput = {
    title: values.title,
    email: values.email,
    phone: toE164(values.phone, phoneCode),
    country: values.country,
    timezone: values.timezone,
    userLimit: values.userLimit ?? company.userLimit,
    paidUntil: values.paidUntil ?? null,
    isTrial: values.isTrial,
  };
  const current: Record<string, unknown> = {
    title: company.title,
    email: company.email,
    phone: company.phone,
    country: company.country,
    timezone: company.timezone,
    userLimit: company.userLimit,
    paidUntil: company.paidUntilDate,
    isTrial: company.isTrial,
  };
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) =>
      typeof value === 'string'
        ? value.trim() !== String(current[key] ?? '').trim()
        : value !== current[key],
    ),
  ) as UpdateAdminCompanyInput;
}

/** A `yyyy-MM-dd` string edited with antd's DatePicker; empty means null. */
function DayInput({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}) {
  const parsed = value ? dayjs(value, DATE_FORMAT, true) : null;
  return (
    <DatePicker
      id={id}
      format={DATE_FORMAT}
      placeholder="Не оплачено"
      style={{ width: '100%' }}
      value={parsed?.isValid() ? parsed : null}
      onChange={(date) => onChange?.(date ? date.format(DATE_FORMAT) : null)}
    />
  );
}

/** Creating a company with its admin, or editing a company and its plan's terms. */
export function CompanyFormDrawer({
  open,
  company,
  countries,
  countriesLoading,
  onClose,
}: {
  open: boolean;
  /** The company to edit; null creates a new one. */
  company: AdminCompany | null;
  countries: Country[] | undefined;
  countriesLoading: boolean;
  onClose: () => void;
}) {
  const isPhone = Grid.useBreakpoint().md === false;
  const [form] = Form.useForm<CompanyFormValues>();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const country = Form.useWatch('country', form) ?? company?.country ?? DEFAULT_COUNTRY;
  const phoneCode = phoneCodeOf(countries, country);
  const isNew = company === null;

  const onFinish = async (values: CompanyFormValues) => {
    try {
      if (company) {
        const changes = companyChanges(company, values, phoneCode);
        if (Object.keys(changes).length > 0) {
          await update.mutateAsync({
            id: company.id,
            input: UpdateAdminCompanyInputSchema.parse(changes),
          });
        }
        notify.success(`Компания «${values.title.trim()}» сохранена`);
      } else {
        const input = CreateAdminCompanyInputSchema.parse({
          title: values.title,
          email: values.email,
          phone: toE164(values.phone, phoneCode),
          country: values.country,
          timezone: values.timezone,
          password: values.password,
          lastName: values.lastName ?? '',
          firstName: values.firstName ?? '',
          middleName: values.middleName ?? '',
          userLimit: values.userLimit ?? TRIAL_USER_LIMIT,
          isTrial: values.isTrial,
          paidUntil: values.paidUntil ?? null,
        });
        await create.mutateAsync(input);
        notify.success(
          `Компания «${input.title}» создана. Передайте администратору email и пароль для входа.`,
        );
      }
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) notify.apiError(caught);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={isNew ? 'Новая компания' : 'Изменить компанию'}
      size={isPhone ? '100%' : 560}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button
            type="primary"
            loading={create.isPending || update.isPending}
            onClick={() => form.submit()}
          >
            Сохранить
          </Button>
        </Flex>
      }
    >
      <Form<CompanyFormValues>
        form={form}
        layout="vertical"
        name="company"
        requiredMark
        initialValues={initialCompanyValues(company, countries)}
        scrollToFirstError={{ block: 'center' }}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={(changed: Partial<CompanyFormValues>, all: CompanyFormValues) => {
          if (changed.country !== undefined) {
            form.setFieldValue(
              'phone',
              changePhoneCode(all.phone, phoneCode, phoneCodeOf(countries, changed.country)),
            );
          }
        }}
      >
        <Form.Item
          label="Название"
          name="title"
          required
          rules={[zodRule(createShape.title, 'Введите название компании')]}
        >
          <Input placeholder="ООО «Ромашка»" maxLength={200} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Email"
              name="email"
              required
              rules={[zodRule(createShape.email, 'Введите email')]}
              extra={isNew ? 'С ним администратор входит в систему' : undefined}
            >
              <Input inputMode="email" placeholder="name@company.ru" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Страна"
              name="country"
              required
              rules={[zodRule(createShape.country)]}
            >
              <CountrySelect countries={countries} loading={countriesLoading} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Телефон" name="phone" required rules={[phoneRule(phoneCode)]}>
              <PhoneInput phoneCode={phoneCode} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Часовой пояс"
              name="timezone"
              required
              rules={[zodRule(createShape.timezone, 'Выберите часовой пояс')]}
            >
              <TimezoneSelect />
            </Form.Item>
          </Col>
        </Row>

        {isNew && (
          <>
            <Divider titlePlacement="start" plain>
              Администратор
            </Divider>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item label="Фамилия" name="lastName" rules={[zodRule(createShape.lastName)]}>
                  <Input maxLength={100} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Имя" name="firstName" rules={[zodRule(createShape.firstName)]}>
                  <Input maxLength={100} autoComplete="off" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label="Отчество" name="middleName" rules={[zodRule(createShape.middleName)]}>
              <Input maxLength={100} autoComplete="off" />
            </Form.Item>
            <Form.Item label="Пароль" required>
              <Flex gap={8}>
                <Form.Item
                  name="password"
                  noStyle
                  rules={[zodRule(PasswordSchema, 'Введите пароль')]}
                >
                  <Input.Password
                    aria-label="Пароль"
                    autoComplete="new-password"
                    visibilityToggle={{
                      visible: passwordVisible,
                      onVisibleChange: setPasswordVisible,
                    }}
                  />
                </Form.Item>
                <Button
                  onClick={() => {
                    form.setFieldValue('password', generatePassword());
                    setPasswordVisible(true);
                    void form.validateFields(['password']);
                  }}
                >
                  Сгенерировать
                </Button>
              </Flex>
            </Form.Item>
          </>
        )}

        <Divider titlePlacement="start" plain>
          Тариф
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Лимит пользователей"
              name="userLimit"
              required
              rules={[zodRule(createShape.userLimit.unwrap(), 'Укажите лимит пользователей')]}
              extra={
                company && company.activeEmployeeCount > 0
                  ? `Сейчас активных: ${company.activeEmployeeCount}`
                  : undefined
              }
            >
              <InputNumber<number>
                min={1}
                max={COMPANY_USER_LIMIT_MAX}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Оплачено до"
              name="paidUntil"
              extra="Включительно, по часовому поясу компании; пусто — не оплачено"
            >
              <DayInput />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="Пробный период"
          name="isTrial"
          valuePropName="checked"
          extra="Выключите, когда компания оплатила тариф."
        >
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
