import type { Country, Employee, Role } from '@smena/contract';
import { App } from 'antd';
import { lazy, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { LoadedOnce } from '../../../components/layout/loaded-once.tsx';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useStructureOptions } from '../api/get-structure-options.ts';
import { useRestoreEmployee } from '../api/restore-employee.ts';
import { fullName } from '../employee-format.ts';
import { isPlanLimitError } from './plan-limit.tsx';

// Loaded on first use: a list of employees is drawn without their forms.
const EmployeeFormDrawer = lazy(() =>
  import('./employee-form-drawer.tsx').then((module) => ({ default: module.EmployeeFormDrawer })),
);
const DismissEmployeeModal = lazy(() =>
  import('./dismiss-employee-modal.tsx').then((module) => ({
    default: module.DismissEmployeeModal,
  })),
);

export type EmployeeDialogsContext = {
  callerRole: Role | null;
  hideBranches: boolean;
  hideDepartments: boolean;
  countries: Country[] | undefined;
  companyCountry: string | null | undefined;
  /** After a new employee is saved (e.g. open their card). */
  onCreated?: (employee: Employee) => void;
};

export type EmployeeDialogs = {
  openCreate: () => void;
  openEdit: (employee: Employee) => void;
  openDismiss: (employee: Employee) => void;
  confirmRestore: (employee: Employee) => void;
  /** The drawer and modals; render once on the page. */
  dialogs: ReactNode;
};

/** The employee form, the dismissal modal and the restore confirmation, shared by list and card. */
export function useEmployeeDialogs(context: EmployeeDialogsContext): EmployeeDialogs {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [formState, setFormState] = useState<{ open: boolean; employee?: Employee }>({
    open: false,
  });
  const [dismissing, setDismissing] = useState<Employee | null>(null);
  const restore = useRestoreEmployee();
  const options = useStructureOptions({
    withBranches: !context.hideBranches,
    withDepartments: !context.hideDepartments,
  });

  const confirmRestore = (employee: Employee) => {
    modal.confirm({
      title: 'Восстановить сотрудника?',
      content: `${fullName(employee)} снова получит доступ к компании и займёт место в тарифе.`,
      okText: 'Восстановить',
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await restore.mutateAsync(employee.id);
          notify.success(`Сотрудник ${fullName(employee)} восстановлен`);
        } catch (error) {
          if (isPlanLimitError(error)) {
            notify({
              type: 'warning',
              message: getErrorMessage(error),
              duration: null,
              action: {
                label: titles.company.plan,
                onClick: () => void navigate(paths.company.plan),
              },
            });
          } else {
            notify.apiError(error, 'Не удалось восстановить сотрудника');
          }
        }
      },
    });
  };

  return {
    openCreate: () => setFormState({ open: true }),
    openEdit: (employee) => setFormState({ open: true, employee }),
    openDismiss: setDismissing,
    confirmRestore,
    dialogs: (
      <>
        <LoadedOnce when={formState.open}>
          <EmployeeFormDrawer
            open={formState.open}
            employee={formState.employee}
            callerRole={context.callerRole}
            hideBranches={context.hideBranches}
            hideDepartments={context.hideDepartments}
            options={options}
            countries={context.countries}
            companyCountry={context.companyCountry}
            onClose={() => setFormState((state) => ({ ...state, open: false }))}
            onSaved={(employee, created) => {
              if (created) context.onCreated?.(employee);
            }}
          />
        </LoadedOnce>
        <LoadedOnce when={dismissing !== null}>
          <DismissEmployeeModal employee={dismissing} onClose={() => setDismissing(null)} />
        </LoadedOnce>
      </>
    ),
  };
}
