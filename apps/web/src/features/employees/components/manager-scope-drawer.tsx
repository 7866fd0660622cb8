import type { Employee, ManagerScope, ManagerScopeInput, ManagerScopeKind } from '@smena/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Radio, Select, Space, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { FormDrawer } from '../../../components/form/form-drawer.tsx';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors } from '../../../lib/form.ts';
import {
  branchOptionsQueryOptions,
  departmentOptionsQueryOptions,
  type StructureOption,
} from '../api/get-structure-options.ts';
import { useSetManagerScope } from '../api/manager-scope.ts';
import { fullName } from '../employee-format.ts';
import { emptyUnitsMessage, unitsChoiceLabel, type ScopeUnits } from '../manager-scope-format.ts';

type ScopeValues = {
  kind: ManagerScopeKind;
  branchIds: number[];
  departmentIds: number[];
};

/** The company's units plus those of the scope the list no longer has (e.g. a closed branch). */
function withScopeUnits(options: StructureOption[] | undefined, chosen: StructureOption[]) {
  const list = options ?? [];
  const known = new Set(list.map((option) => option.id));
  return [...list, ...chosen.filter((unit) => !known.has(unit.id))].map((unit) => ({
    value: unit.id,
    label: unit.title,
  }));
}

export type ManagerScopeDrawerProps = ScopeUnits & {
  open: boolean;
  employee: Employee;
  scope: ManagerScope;
  onClose: () => void;
};

const FORM_ID = 'manager-scope-form';

/** ADMIN: «Зона ответственности» of a manager — the whole company, or branches and departments. */
export function ManagerScopeDrawer(props: ManagerScopeDrawerProps) {
  const { open, employee, onClose } = props;
  const save = useSetManagerScope();
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      width={480}
      title={`Зона ответственности: ${fullName(employee)}`}
      formId={FORM_ID}
      saving={save.isPending}
    >
      <ManagerScopeForm {...props} save={save} />
    </FormDrawer>
  );
}

function ManagerScopeForm({
  employee,
  scope,
  hideBranches,
  hideDepartments,
  onClose,
  save,
}: ManagerScopeDrawerProps & { save: ReturnType<typeof useSetManagerScope> }) {
  const [form] = Form.useForm<ScopeValues>();
  const [error, setError] = useState<unknown>(null);
  const kind = Form.useWatch('kind', form) ?? scope.kind;
  const units = { hideBranches, hideDepartments };
  const branches = useQuery({ ...branchOptionsQueryOptions(), enabled: !hideBranches });
  const departments = useQuery({ ...departmentOptionsQueryOptions(), enabled: !hideDepartments });
  // A hidden structure is not offered; units of it already in the scope are kept as they are.
  const keptBranchIds = hideBranches ? scope.branches.map((unit) => unit.id) : [];
  const keptDepartmentIds = hideDepartments ? scope.departments.map((unit) => unit.id) : [];
  const nothingToChoose = hideBranches && hideDepartments;
  // The «at least one» message goes under the first field shown; the server names `branchIds`.
  const firstField: keyof ScopeValues = hideBranches ? 'departmentIds' : 'branchIds';

  const hasUnits = (branchIds: number[] | undefined, departmentIds: number[] | undefined) =>
    (hideBranches ? keptBranchIds : (branchIds ?? [])).length +
      (hideDepartments ? keptDepartmentIds : (departmentIds ?? [])).length >
    0;

  const atLeastOneUnit: FormRule = ({ getFieldValue }) => ({
    validator: () =>
      getFieldValue('kind') !== 'UNITS' ||
      hasUnits(getFieldValue('branchIds') as number[], getFieldValue('departmentIds') as number[])
        ? Promise.resolve()
        : Promise.reject(new Error(emptyUnitsMessage(units))),
  });

  const onFinish = async (values: ScopeValues) => {
    setError(null);
    // Switching to «Вся компания» keeps the lists in the form (a switch back finds them), but
    // the whole company is saved without units.
    const input: ManagerScopeInput =
      values.kind === 'COMPANY'
        ? { kind: 'COMPANY' }
        : {
            kind: 'UNITS',
            branchIds: hideBranches ? keptBranchIds : (values.branchIds ?? []),
            departmentIds: hideDepartments ? keptDepartmentIds : (values.departmentIds ?? []),
          };
    try {
      await save.mutateAsync({ id: employee.id, input });
      notify.success('Зона ответственности сохранена');
      onClose();
    } catch (caught) {
      const fieldMap: Record<string, string> = hideBranches ? { branchIds: 'departmentIds' } : {};
      if (!applyServerFieldErrors(form, caught, fieldMap)) setError(caught);
    }
  };

  const selectProps = {
    mode: 'multiple',
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
  } as const;

  return (
    <Form<ScopeValues>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={{
        kind: scope.kind,
        branchIds: scope.branches.map((unit) => unit.id),
        departmentIds: scope.departments.map((unit) => unit.id),
      }}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={() => {
        if (error) setError(null);
      }}
    >
      <Typography.Paragraph type="secondary">
        Менеджер видит и меняет только сотрудников своей зоны: их отметки, графики, отсутствия и
        отчёты по ним.
      </Typography.Paragraph>
      {error !== null && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={getErrorMessage(error)}
          style={{ marginBottom: 20 }}
        />
      )}
      <Form.Item
        label="Кем управляет менеджер"
        name="kind"
        extra={
          nothingToChoose
            ? 'Филиалы и отделы скрыты в настройках компании: выбрать их нельзя.'
            : undefined
        }
      >
        <Radio.Group>
          <Space orientation="vertical">
            <Radio value="COMPANY">Вся компания</Radio>
            <Radio value="UNITS" disabled={nothingToChoose && scope.kind !== 'UNITS'}>
              {unitsChoiceLabel(units)}
            </Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      {/* Hidden, not removed, for «Вся компания»: the lists stay registered (checked, and found
          again on a switch back). */}
      {!hideBranches && (
        <Form.Item
          label="Филиалы"
          name="branchIds"
          hidden={kind !== 'UNITS'}
          dependencies={['kind', 'departmentIds']}
          rules={firstField === 'branchIds' ? [atLeastOneUnit] : []}
          extra="Сотрудники, которые работают в этих филиалах"
        >
          <Select
            {...selectProps}
            placeholder="Выберите филиалы"
            loading={branches.isPending}
            notFoundContent={branches.isPending ? 'Загрузка…' : 'Ничего не найдено'}
            options={withScopeUnits(branches.data, scope.branches)}
          />
        </Form.Item>
      )}
      {!hideDepartments && (
        <Form.Item
          label="Отделы"
          name="departmentIds"
          hidden={kind !== 'UNITS'}
          dependencies={['kind', 'branchIds']}
          rules={firstField === 'departmentIds' ? [atLeastOneUnit] : []}
          extra="Сотрудники этих отделов и всех их подотделов"
        >
          <Select
            {...selectProps}
            placeholder="Выберите отделы"
            loading={departments.isPending}
            notFoundContent={departments.isPending ? 'Загрузка…' : 'Ничего не найдено'}
            options={withScopeUnits(departments.data, scope.departments)}
          />
        </Form.Item>
      )}
    </Form>
  );
}
