import { CorrectionStatusSchema, correctionStatusLabels } from '@smena/contract';
import { Select } from 'antd';
import type { ReactNode } from 'react';
import type { CorrectionsListState } from '../list-params.ts';
import './correction-requests.css';

type Option = { id: number; title: string };

export type CorrectionsFilterChange = Partial<
  Pick<CorrectionsListState, 'status' | 'branchId' | 'departmentId' | 'employeeId'>
>;

const ALL = 'ALL';

/** Статус, Филиал, Отдел, Сотрудник. */
export function CorrectionRequestsFilters({
  state,
  branches,
  departments,
  employeeField,
  onChange,
}: {
  state: CorrectionsListState;
  /** Null: the company hides branches. */
  branches: readonly Option[] | null;
  /** Null: the company hides departments. */
  departments: readonly Option[] | null;
  employeeField: ReactNode;
  onChange: (change: CorrectionsFilterChange) => void;
}) {
  const selectProps = {
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    popupMatchSelectWidth: false,
    className: 'smena-corrections-filters__select',
  } as const;
  return (
    <div className="smena-corrections-filters" role="search" aria-label="Фильтры запросов">
      <Select
        aria-label="Статус"
        className="smena-corrections-filters__select"
        value={state.status ?? ALL}
        onChange={(value: string) =>
          onChange({ status: value === ALL ? undefined : CorrectionStatusSchema.parse(value) })
        }
        options={[
          { value: ALL, label: 'Все статусы' },
          ...CorrectionStatusSchema.options.map((value) => ({
            value,
            label: correctionStatusLabels[value],
          })),
        ]}
      />
      {branches && (
        <Select
          {...selectProps}
          aria-label="Филиал"
          placeholder="Филиал"
          value={state.branchId}
          onChange={(value?: number) => onChange({ branchId: value })}
          options={branches.map((branch) => ({ value: branch.id, label: branch.title }))}
        />
      )}
      {departments && (
        <Select
          {...selectProps}
          aria-label="Отдел"
          placeholder="Отдел"
          value={state.departmentId}
          onChange={(value?: number) => onChange({ departmentId: value })}
          options={departments.map((department) => ({
            value: department.id,
            label: department.title,
          }))}
        />
      )}
      {employeeField}
    </div>
  );
}
