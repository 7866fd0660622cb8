import {
  UpdateOrganizationInputSchema,
  crossMidnightHoursLabels,
  holidayShiftCodeLabels,
  openShiftClaimsModeLabels,
  overtimeApprovalLabels,
  planRuleEnforcementLabels,
  type Company,
  type Country,
  type CrossMidnightHours,
  type HolidayShiftCode,
  type OpenShiftClaimsMode,
  type OvertimeApproval,
  type PlanRuleEnforcement,
} from '@smena/contract';
import { Button, Col, Divider, Form, Input, InputNumber, Radio, Row, Space, Switch } from 'antd';
import type { RadioGroupProps } from 'antd';
import { CountrySelect, phoneCodeOf } from '../../../components/form/country-select.tsx';
import { PhoneInput } from '../../../components/form/phone-input.tsx';
import { TimezoneSelect } from '../../../components/form/timezone-select.tsx';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { applyServerFieldErrors, phoneRule, zodRule } from '../../../lib/form.ts';
import { changePhoneCode, detectPhoneCode, formatPhone, toE164 } from '../../../lib/phone-mask.ts';
import { useUpdateOrganization } from '../api/update-organization.ts';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

type OrganizationValues = {
  title: string;
  email: string;
  phone: string;
  country: string | null;
  timezone: string;
  lateToleranceMinutes: number | null;
  autoCloseMarginMinutes: number | null;
  crossMidnightHours: CrossMidnightHours;
  holidayShiftCode: HolidayShiftCode;
  overtimeApproval: OvertimeApproval;
  planRuleEnforcement: PlanRuleEnforcement;
  openShiftClaims: OpenShiftClaimsMode;
  schedulePublication: boolean;
};

const crossMidnightOptions = (Object.keys(crossMidnightHoursLabels) as CrossMidnightHours[]).map(
  (value) => ({ value, label: crossMidnightHoursLabels[value] }),
);
const holidayShiftOptions = (Object.keys(holidayShiftCodeLabels) as HolidayShiftCode[]).map(
  (value) => ({ value, label: holidayShiftCodeLabels[value] }),
);

const openShiftClaimsOptions = (
  Object.keys(openShiftClaimsModeLabels) as OpenShiftClaimsMode[]
).map((value) => ({ value, label: openShiftClaimsModeLabels[value] }));
const overtimeOptions = (Object.keys(overtimeApprovalLabels) as OvertimeApproval[]).map(
  (value) => ({ value, label: overtimeApprovalLabels[value] }),
);

const planRuleOptions = (Object.keys(planRuleEnforcementLabels) as PlanRuleEnforcement[]).map(
  (value) => ({ value, label: planRuleEnforcementLabels[value] }),
);

/** Choices one under another; Form.Item passes `value` and `onChange` to the group. */
function VerticalRadios<T extends string>({
  options,
  ...group
}: { options: { value: T; label: string }[] } & Omit<RadioGroupProps, 'options'>) {
  return (
    <Radio.Group {...group}>
      <Space orientation="vertical">
        {options.map((option) => (
          <Radio key={option.value} value={option.value}>
            {option.label}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}

const shape = UpdateOrganizationInputSchema.shape;

function initialValues(company: Company, countries: Country[] | undefined): OrganizationValues {
  const code =
    (company.country
      ? countries?.find((country) => country.code === company.country)?.phoneCode
      : undefined) ??
    detectPhoneCode(
      company.phone,
      (countries ?? []).map((country) => country.phoneCode),
    ) ??
    '+7';
  return {
    title: company.title,
    email: company.email,
    phone: formatPhone(company.phone, code),
    country: company.country,
    timezone: company.timezone,
    lateToleranceMinutes: company.lateToleranceMinutes,
    autoCloseMarginMinutes: company.autoCloseMarginMinutes,
    crossMidnightHours: company.crossMidnightHours,
    holidayShiftCode: company.holidayShiftCode,
    overtimeApproval: company.overtimeApproval,
    planRuleEnforcement: company.planRuleEnforcement,
    openShiftClaims: company.openShiftClaims,
    schedulePublication: company.schedulePublication,
  };
}

/**
 * The organization's name, contacts, country, timezone, late tolerance and when forgotten
 * check-outs are closed.
 */
export function OrganizationForm({
  company,
  countries,
  countriesLoading,
  canEdit,
}: {
  company: Company;
  countries: Country[] | undefined;
  countriesLoading?: boolean;
  /** Only an administrator may change the settings; others see them read-only. */
  canEdit: boolean;
}) {
  const [form] = Form.useForm<OrganizationValues>();
  const update = useUpdateOrganization();
  const country = Form.useWatch('country', form) ?? company.country;
  const phoneCode = phoneCodeOf(countries, country);

  const onFinish = async (values: OrganizationValues) => {
    try {
      const input = UpdateOrganizationInputSchema.parse({
        title: values.title,
        email: values.email,
        phone: toE164(values.phone, phoneCode),
        ...(values.country ? { country: values.country } : {}),
        timezone: values.timezone,
        lateToleranceMinutes: values.lateToleranceMinutes,
        autoCloseMarginMinutes: values.autoCloseMarginMinutes,
        crossMidnightHours: values.crossMidnightHours,
        holidayShiftCode: values.holidayShiftCode,
        overtimeApproval: values.overtimeApproval,
        planRuleEnforcement: values.planRuleEnforcement,
        openShiftClaims: values.openShiftClaims,
        schedulePublication: values.schedulePublication,
      });
      await update.mutateAsync(input);
      notify.success('Сохранено');
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) notify.apiError(caught);
    }
  };

  return (
    <Form<OrganizationValues>
      onKeyDown={keepEnterInFields}
      // Countries arrive after the company: rebuild the form once they are known (phone mask).
      key={countries ? 'with-countries' : 'without-countries'}
      form={form}
      layout="vertical"
      name="organization"
      disabled={!canEdit}
      initialValues={initialValues(company, countries)}
      scrollToFirstError={{ block: 'center' }}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={(changed: Partial<OrganizationValues>, all: OrganizationValues) => {
        if (changed.country !== undefined) {
          form.setFieldValue(
            'phone',
            changePhoneCode(all.phone, phoneCode, phoneCodeOf(countries, changed.country)),
          );
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item
            label="Название"
            name="title"
            required
            rules={[zodRule(shape.title, 'Введите название')]}
          >
            <Input maxLength={200} autoComplete="organization" />
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
          <Form.Item label="Телефон" name="phone" required rules={[phoneRule(phoneCode)]}>
            <PhoneInput phoneCode={phoneCode} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Страна" name="country">
            <CountrySelect countries={countries} loading={countriesLoading} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Часовой пояс"
            name="timezone"
            required
            rules={[zodRule(shape.timezone, 'Выберите часовой пояс')]}
            tooltip="Пояс компании; у филиала может быть свой."
          >
            <TimezoneSelect />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Допустимое опоздание (мин)"
            name="lateToleranceMinutes"
            required
            rules={[zodRule(shape.lateToleranceMinutes, 'Укажите число минут')]}
            extra="Приход позже начала смены на это время ещё не считается опозданием."
          >
            <InputNumber<number>
              min={0}
              max={240}
              precision={0}
              suffix="мин"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Закрывать забытую отметку через (мин)"
            name="autoCloseMarginMinutes"
            required
            rules={[zodRule(shape.autoCloseMarginMinutes, 'Укажите число минут')]}
            extra="Если сотрудник не отметил уход, отметка закроется концом смены спустя это время и получит пометку «не отмечен уход»."
          >
            <InputNumber<number>
              min={0}
              max={720}
              precision={0}
              suffix="мин"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">Табель</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Часы смены, переходящей через полночь"
            name="crossMidnightHours"
            extra="Например, смена 20:00–08:00: при делении 4 часа попадут в дату начала, 8 — в следующую. Часы, пришедшиеся на нерабочий праздник, в любом случае отмечаются кодом РВ."
          >
            <VerticalRadios options={crossMidnightOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Смены по графику в нерабочие праздники"
            name="holidayShiftCode"
            extra="Для сменных графиков, которые работают в праздники. В отчёте по посещаемости эти часы в любом случае видны в колонке «В праздники»."
          >
            <VerticalRadios options={holidayShiftOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Сверхурочные"
            name="overtimeApproval"
            extra="Сверхурочная работа — по распоряжению работодателя (ст. 99 ТК РФ). «Только после согласования»: время сверх смены видно в отчёте и в «Отклонениях», а в табель кодом С попадает, когда его согласуют."
          >
            <VerticalRadios options={overtimeOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Проверки ТК РФ при планировании"
            name="planRuleEnforcement"
            extra="При каждом изменении смен в календаре: еженедельный отдых не меньше 42 ч (ст. 110), две смены подряд (ст. 103), смена длиннее 12 ч (ст. 94), норма месяца (ст. 91), сверхурочные (ст. 99). «Запрещать»: изменение с новым нарушением не сохраняется. Уже имеющиеся нарушения не мешают другим изменениям."
          >
            <VerticalRadios options={planRuleOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Заявки на открытые смены"
            name="openShiftClaims"
            extra="Когда сотрудник откликается на открытую смену: ставить её в график сразу (кто первый, тот и взял) или после одобрения руководителем."
          >
            <VerticalRadios options={openShiftClaimsOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Публикация графика"
            name="schedulePublication"
            valuePropName="checked"
            extra="Включено: график месяца — черновик, который сотрудники не видят, пока менеджер не нажмёт «Опубликовать» в календаре; сотрудники получают уведомление и отмечают «Ознакомлен». По ст. 103 ТК РФ график доводят до работников не позднее чем за месяц до его введения."
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Сохранить
        </Button>
      )}
    </Form>
  );
}
