import {
  CreateEmployeeInputSchema,
  EMPLOYEE_INVITED_MESSAGE,
  Role,
  roleLabels,
  UpdateEmployeeInputSchema,
  type CompanyRole,
  type Country,
  type Employee,
  type UpdateEmployeeInput,
} from '@smena/contract';
import { Alert, App, Col, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { phoneCodeOf } from '../../../components/form/country-select.tsx';
import { PhoneInput } from '../../../components/form/phone-input.tsx';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors, phoneRule, zodRule } from '../../../lib/form.ts';
import { detectPhoneCode, formatPhone, toE164 } from '../../../lib/phone-mask.ts';
import { isInvitation, useCreateEmployee } from '../api/create-employee.ts';
import type { StructureOptions } from '../api/get-structure-options.ts';
import { useUpdateEmployee } from '../api/update-employee.ts';
import { fullName } from '../employee-format.ts';
import { unitsInstrumental } from '../manager-scope-format.ts';

import { isPlanLimitError, PlanLimitAlert } from './plan-limit.tsx';
import './employees.css';
import { FormDrawer } from '../../../components/form/form-drawer.tsx';
import { DateField } from '../../../components/form/picker-fields.tsx';

type EmployeeValues = {
  lastName: string;
  firstName: string;
  middleName: string;
  email: string;
  phone: string;
  role: CompanyRole;
  departmentId: number | null;
  positionId: number | null;
  branchIds: number[];
  personnelNumber: string;
  hireDate: Dayjs | null;
  password: string;
};

const shape = CreateEmployeeInputSchema.shape;

export const IDENTITY_HINT = 'Email и телефон меняет сам сотрудник в своём профиле';
export const NAME_HINT = 'Имя в вашей компании. Учётную запись сотрудника это не меняет.';

/** Under the name of an account that is not the company's: whose name this is, and the account's. */
export function nameHint(accountName: string | null): string {
  return accountName ? `${NAME_HINT} В учётной записи: ${accountName}.` : NAME_HINT;
}
export const INVITED_TITLE = 'Приглашение отправлено';

/** Under «Роль» when the admin makes someone a manager: the scope is set on the card. */
export function managerScopeHint(
  units: { hideBranches: boolean; hideDepartments: boolean },
  becomesManager: boolean,
): string {
  const limit = `Зону ответственности можно ограничить ${unitsInstrumental(units)} в карточке сотрудника.`;
  return becomesManager ? `Новый менеджер отвечает за всю компанию. ${limit}` : limit;
}

export const TEMPORARY_PASSWORD_HINT =
  'Без пароля сотрудник задаст его сам через «Забыли пароль?» по номеру телефона.';

const ALL_ROLES: CompanyRole[] = [Role.EMPLOYEE, Role.MANAGER, Role.ADMIN];

/** Roles the caller may give: a manager cannot make anyone an admin. */
export function assignableRoles(callerRole: Role | null | undefined): CompanyRole[] {
  return callerRole === Role.ADMIN ? ALL_ROLES : ALL_ROLES.filter((role) => role !== Role.ADMIN);
}

/** The phone mask: the employee's own calling code when known, else the company's country. */
export function employeePhoneCode(
  phone: string | null | undefined,
  countries: Country[] | undefined,
  companyCountry: string | null | undefined,
): string {
  return (
    detectPhoneCode(
      phone,
      (countries ?? []).map((country) => country.phoneCode),
    ) ?? phoneCodeOf(countries, companyCountry)
  );
}

function initialValues(employee: Employee | undefined, phoneCode: string): EmployeeValues {
  return {
    lastName: employee?.lastName ?? '',
    firstName: employee?.firstName ?? '',
    middleName: employee?.middleName ?? '',
    email: employee?.email ?? '',
    phone: formatPhone(employee?.phone, phoneCode),
    role: employee?.role ?? Role.EMPLOYEE,
    departmentId: employee?.departmentId ?? null,
    positionId: employee?.positionId ?? null,
    branchIds: employee?.branches.map((branch) => branch.id) ?? [],
    personnelNumber: employee?.personnelNumber ?? '',
    hireDate: employee?.hireDate ? dayjs(employee.hireDate, DATE_FORMAT) : null,
    password: '',
  };
}

export type EmployeeFormDrawerProps = {
  open: boolean;
  /** The employee to edit; none means «Добавить сотрудника». */
  employee?: Employee;
  callerRole: Role | null;
  hideBranches: boolean;
  hideDepartments: boolean;
  options: StructureOptions;
  countries: Country[] | undefined;
  companyCountry: string | null | undefined;
  onClose: () => void;
  onSaved?: (employee: Employee, created: boolean) => void;
};

/** «Добавить сотрудника» / «Изменить»: a drawer on wide screens, full screen on phones. */
const FORM_ID = 'employee-form';

export function EmployeeFormDrawer(props: EmployeeFormDrawerProps) {
  const { open, employee, onClose } = props;
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      width={560}
      title={employee ? `Изменить: ${fullName(employee)}` : 'Новый сотрудник'}
      formId={FORM_ID}
      saving={create.isPending || update.isPending}
    >
      {/* Countries arrive later than the drawer may open: rebuild the form for the phone mask. */}
      <EmployeeForm
        key={`${employee?.id ?? 'new'}-${props.countries ? 'c' : 'n'}`}
        {...props}
        create={create}
        update={update}
      />
    </FormDrawer>
  );
}

function EmployeeForm({
  employee,
  callerRole,
  hideBranches,
  hideDepartments,
  options,
  countries,
  companyCountry,
  onClose,
  onSaved,
  create,
  update,
}: EmployeeFormDrawerProps & {
  create: ReturnType<typeof useCreateEmployee>;
  update: ReturnType<typeof useUpdateEmployee>;
}) {
  const [form] = Form.useForm<EmployeeValues>();
  const { modal } = App.useApp();
  const [error, setError] = useState<unknown>(null);
  const isEdit = employee !== undefined;
  // The account's email and phone are the person's once they have logged in (or when the account
  // came from elsewhere): shown, not editable, not sent. The name stays editable: it then changes
  // only how this company shows it.
  const identityLocked = isEdit && !employee.canEditIdentity;
  // A manager sees no contacts when the company hides them: they are neither shown nor sent.
  const contactsHidden = isEdit && employee.email === null && employee.phone === null;
  const phoneCode = employeePhoneCode(employee?.phone, countries, companyCountry);
  const roles = assignableRoles(callerRole);
  // A manager may open an admin's card but cannot change the role of an admin.
  const roleLocked = isEdit && !roles.includes(employee.role);
  // A name the person never filled in may stay empty on an edit (it is then not sent); a name
  // that was there cannot be erased.
  const lastNameRequired = !isEdit || employee.lastName !== '';
  const firstNameRequired = !isEdit || employee.firstName !== '';
  const role = Form.useWatch('role', form);
  // Only the admin sets a manager's scope, and only when the company shows branches or departments.
  const scopeHint =
    callerRole === Role.ADMIN && role === Role.MANAGER && !(hideBranches && hideDepartments)
      ? managerScopeHint({ hideBranches, hideDepartments }, employee?.role !== Role.MANAGER)
      : undefined;

  const onFinish = async (values: EmployeeValues) => {
    setError(null);
    const names = {
      ...(values.lastName ? { lastName: values.lastName } : {}),
      ...(values.firstName ? { firstName: values.firstName } : {}),
      middleName: values.middleName ?? '',
    };
    const common = {
      departmentId: hideDepartments ? undefined : (values.departmentId ?? null),
      positionId: values.positionId ?? null,
      branchIds: hideBranches ? undefined : (values.branchIds ?? []),
      personnelNumber: values.personnelNumber ?? '',
      hireDate: values.hireDate ? values.hireDate.format(DATE_FORMAT) : null,
    };
    try {
      if (isEdit) {
        const input: UpdateEmployeeInput = UpdateEmployeeInputSchema.parse({
          ...common,
          ...names,
          ...(contactsHidden || identityLocked
            ? {}
            : { email: values.email, phone: toE164(values.phone, phoneCode) }),
          ...(roleLocked ? {} : { role: values.role }),
        });
        const saved = await update.mutateAsync({ id: employee.id, input });
        notify.success('Изменения сохранены');
        onSaved?.(saved, false);
      } else {
        const input = CreateEmployeeInputSchema.parse({
          ...common,
          ...names,
          email: values.email,
          phone: toE164(values.phone, phoneCode),
          role: values.role,
          password: values.password ? values.password : undefined,
        });
        const saved = await create.mutateAsync(input);
        if (isInvitation(saved)) {
          modal.info({
            title: INVITED_TITLE,
            content: saved.message || EMPLOYEE_INVITED_MESSAGE,
            okText: 'Понятно',
          });
        } else {
          notify.success(`Сотрудник ${fullName(saved)} добавлен`);
          onSaved?.(saved, true);
        }
      }
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) setError(caught);
    }
  };

  const selectProps = {
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    notFoundContent: options.isLoading ? 'Загрузка…' : 'Ничего не найдено',
  } as const;

  return (
    <Form<EmployeeValues>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={initialValues(employee, phoneCode)}
      scrollToFirstError={{ block: 'center' }}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={() => {
        if (error) setError(null);
      }}
    >
      {error !== null &&
        (isPlanLimitError(error) ? (
          <PlanLimitAlert message={getErrorMessage(error)} />
        ) : (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={getErrorMessage(error)}
            style={{ marginBottom: 20 }}
          />
        ))}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Фамилия"
            name="lastName"
            required={lastNameRequired}
            rules={[
              lastNameRequired
                ? zodRule(shape.lastName, 'Введите фамилию')
                : zodRule(shape.middleName),
            ]}
          >
            <Input autoComplete="off" autoFocus={!isEdit} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Имя"
            name="firstName"
            required={firstNameRequired}
            rules={[
              firstNameRequired
                ? zodRule(shape.firstName, 'Введите имя')
                : zodRule(shape.middleName),
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="Отчество"
        name="middleName"
        rules={[zodRule(shape.middleName)]}
        extra={identityLocked ? nameHint(employee.accountName) : undefined}
      >
        <Input autoComplete="off" />
      </Form.Item>
      {contactsHidden ? (
        <Alert
          type="info"
          showIcon
          title="Контакты скрыты"
          description="Email и телефон сотрудника видит и меняет только администратор компании."
          style={{ marginBottom: 24 }}
        />
      ) : (
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Email"
              name="email"
              required={!identityLocked}
              rules={identityLocked ? [] : [zodRule(shape.email, 'Введите email')]}
              extra={identityLocked ? IDENTITY_HINT : undefined}
            >
              <Input
                inputMode="email"
                autoComplete="off"
                placeholder="name@company.ru"
                disabled={identityLocked}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Телефон"
              name="phone"
              required={!identityLocked}
              rules={identityLocked ? [] : [phoneRule(phoneCode)]}
            >
              <PhoneInput phoneCode={phoneCode} disabled={identityLocked} />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item label="Роль" name="role" required extra={scopeHint}>
        <Select
          disabled={roleLocked}
          options={(roleLocked && employee ? [employee.role] : roles).map((role) => ({
            value: role,
            label: roleLabels[role],
          }))}
        />
      </Form.Item>
      <Row gutter={16}>
        {!hideDepartments && (
          <Col xs={24} sm={12}>
            <Form.Item label="Отдел" name="departmentId">
              <Select
                {...selectProps}
                placeholder="Без отдела"
                loading={options.isLoading}
                options={options.departments.map((item) => ({ value: item.id, label: item.title }))}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={hideDepartments ? 24 : 12}>
          <Form.Item label="Должность" name="positionId">
            <Select
              {...selectProps}
              placeholder="Без должности"
              loading={options.isLoading}
              options={options.positions.map((item) => ({ value: item.id, label: item.title }))}
            />
          </Form.Item>
        </Col>
      </Row>
      {!hideBranches && (
        <Form.Item label="Филиалы" name="branchIds">
          <Select
            {...selectProps}
            mode="multiple"
            placeholder="Выберите филиалы"
            loading={options.isLoading}
            options={options.branches.map((item) => ({ value: item.id, label: item.title }))}
          />
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Табельный номер"
            name="personnelNumber"
            rules={[zodRule(shape.personnelNumber)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Дата приёма" name="hireDate">
            <DateField style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {!isEdit && (
        <Form.Item
          label="Временный пароль"
          name="password"
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                if (!value) return Promise.resolve();
                const result = shape.password.safeParse(value);
                return result.success
                  ? Promise.resolve()
                  : Promise.reject(new Error(result.error.issues[0]?.message));
              },
            },
          ]}
          extra={TEMPORARY_PASSWORD_HINT}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
    </Form>
  );
}
