import { MAX_BULK_EMPLOYEES, type ListEmployeesQuery } from '@smena/contract';
import { Alert, Button } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useExportEmployees } from '../api/export-employees.ts';
import type { StructureOptions } from '../api/get-structure-options.ts';
import { employeesLabel } from '../employee-format.ts';
import { toExportQuery } from '../list-params.ts';
import type { EmployeesBulkAction, EmployeesBulkTarget } from './bulk-employees-modal.tsx';
import type { EmployeesSelection } from './employees-table.tsx';

// Loaded when the first row is picked and the first time a bulk action is chosen.
const EmployeesBulkBar = lazy(() =>
  import('./employees-bulk-bar.tsx').then((module) => ({ default: module.EmployeesBulkBar })),
);
const BulkEmployeesModal = lazy(() => import('./bulk-employees-modal.tsx'));

/** The filters a selection belongs to: another filter starts a new selection. */
function filterKeyOf(query: ListEmployeesQuery): string {
  const { search, branchId, departmentId, positionId, role, status } = query;
  return JSON.stringify([search ?? '', branchId, departmentId, positionId, role, status]);
}

type State = { key: string; ids: number[]; allMatching: boolean };

/**
 * Bulk actions of the employees list (decision 019): rows picked across pages or «all matching
 * the filter», the banner offering the latter, the action bar and its dialog.
 */
export function useEmployeesBulk({
  query,
  total,
  pageIds,
  options,
  hideBranches,
  hideDepartments,
  isPhone,
}: {
  query: ListEmployeesQuery;
  /** Employees matching the filters, all pages (undefined while loading). */
  total: number | undefined;
  /** The ids of the rows on the current page. */
  pageIds: number[];
  options: StructureOptions;
  hideBranches: boolean;
  hideDepartments: boolean;
  isPhone: boolean;
}): { selection: EmployeesSelection; banner: ReactNode; bar: ReactNode; dialog: ReactNode } {
  const key = filterKeyOf(query);
  const [state, setState] = useState<State>({ key, ids: [], allMatching: false });
  const current = state.key === key ? state : { key, ids: [], allMatching: false };
  const [action, setAction] = useState<EmployeesBulkAction | null>(null);
  const [loaded, setLoaded] = useState(false);
  const exportEmployees = useExportEmployees();

  const clear = () => setState({ key, ids: [], allMatching: false });
  const count = current.allMatching ? (total ?? 0) : current.ids.length;
  const target: EmployeesBulkTarget = current.allMatching
    ? {
        filter: {
          search: query.search,
          branchId: query.branchId,
          departmentId: query.departmentId,
          positionId: query.positionId,
          role: query.role,
          status: query.status,
        },
        count,
      }
    : { employeeIds: current.ids, count };

  const selection: EmployeesSelection = {
    selectedIds: current.allMatching ? pageIds : current.ids,
    onChange: (ids) => setState({ key, ids, allMatching: false }),
  };

  const wholePagePicked =
    pageIds.length > 0 && pageIds.every((id) => current.ids.includes(id)) && !current.allMatching;
  let banner: ReactNode = null;
  if (current.allMatching) {
    banner = (
      <Alert
        className="smena-bulk-banner"
        type="info"
        showIcon
        title={`Выбраны все сотрудники по фильтру: ${employeesLabel(count)}`}
        action={
          <Button size="small" type="link" onClick={clear}>
            Снять выбор
          </Button>
        }
      />
    );
  } else if (wholePagePicked && total !== undefined && total > current.ids.length) {
    const tooMany = total > MAX_BULK_EMPLOYEES;
    banner = (
      <Alert
        className="smena-bulk-banner"
        type="info"
        showIcon
        title={`Выбрано: ${employeesLabel(current.ids.length)}`}
        description={
          tooMany
            ? `По фильтру ${employeesLabel(total)} — за раз можно не больше ${MAX_BULK_EMPLOYEES}, уточните фильтр`
            : undefined
        }
        action={
          <Button
            size="small"
            type="link"
            disabled={tooMany}
            onClick={() => setState({ key, ids: [], allMatching: true })}
          >
            Выбрать всех по фильтру ({total})
          </Button>
        }
      />
    );
  }

  const bar =
    count > 0 ? (
      <Suspense fallback={null}>
        <EmployeesBulkBar
          count={count}
          exporting={exportEmployees.isPending}
          onAction={(next) => {
            setLoaded(true);
            setAction(next);
          }}
          onExport={() =>
            exportEmployees.mutate(
              current.allMatching
                ? toExportQuery(query)
                : { ...toExportQuery(query), ids: current.ids.join(',') },
            )
          }
          onClear={clear}
          isPhone={isPhone}
        />
      </Suspense>
    ) : null;

  const dialog = loaded ? (
    <Suspense fallback={null}>
      <BulkEmployeesModal
        action={action}
        target={target}
        options={options}
        hideBranches={hideBranches}
        hideDepartments={hideDepartments}
        fullScreen={isPhone}
        onClose={() => setAction(null)}
        onApplied={clear}
      />
    </Suspense>
  ) : null;

  return { selection, banner, bar, dialog };
}
