import type { Check } from '@smena/contract';
import { lazy, useState, type ReactNode } from 'react';
import { LoadedOnce } from '../../../components/layout/loaded-once.tsx';
import type { CheckBranch } from '../api/get-branch-zones.ts';

// Loaded on first use: a list of checks is drawn without their forms.
const CheckFormDrawer = lazy(() =>
  import('./check-form-drawer.tsx').then((module) => ({ default: module.CheckFormDrawer })),
);
const CheckHistoryDrawer = lazy(() =>
  import('./check-history-drawer.tsx').then((module) => ({ default: module.CheckHistoryDrawer })),
);
const DeleteCheckModal = lazy(() =>
  import('./delete-check-modal.tsx').then((module) => ({ default: module.DeleteCheckModal })),
);

export type CheckRowActions = {
  onEdit: (check: Check) => void;
  onDelete: (check: Check) => void;
  onHistory: (check: Check) => void;
};

export type CheckDialogs = {
  openCreate: () => void;
  actions: CheckRowActions;
  /** The drawers and the modal; render once on the page. */
  dialogs: ReactNode;
};

/** Add, correct, delete and the history of checks: one set for every page that lists them. */
export function useCheckDialogs({
  branches,
  zoneOf,
  branchTitle,
  employeeId,
  employeeField,
}: {
  branches: readonly CheckBranch[];
  zoneOf: (branchId: number | null) => string;
  branchTitle: (id: number) => string;
  /** New checks are this employee's (the employee's page). */
  employeeId?: number;
  /** Otherwise the form asks for the employee with this picker. */
  employeeField?: ReactNode;
}): CheckDialogs {
  const [form, setForm] = useState<{ open: boolean; check?: Check }>({ open: false });
  const [deleting, setDeleting] = useState<Check | null>(null);
  const [history, setHistory] = useState<Check | null>(null);

  return {
    openCreate: () => setForm({ open: true }),
    actions: {
      onEdit: (check) => setForm({ open: true, check }),
      onDelete: setDeleting,
      onHistory: setHistory,
    },
    dialogs: (
      <>
        <LoadedOnce when={form.open}>
          <CheckFormDrawer
            open={form.open}
            check={form.check}
            employeeId={employeeId}
            employeeField={employeeField}
            branches={branches}
            zoneOf={zoneOf}
            onClose={() => setForm({ open: false })}
          />
        </LoadedOnce>
        <LoadedOnce when={deleting !== null}>
          <DeleteCheckModal
            check={deleting}
            zone={zoneOf(deleting?.branchId ?? null)}
            onClose={() => setDeleting(null)}
          />
        </LoadedOnce>
        <LoadedOnce when={history !== null}>
          <CheckHistoryDrawer
            check={history}
            zone={zoneOf(history?.branchId ?? null)}
            branchTitle={branchTitle}
            onClose={() => setHistory(null)}
          />
        </LoadedOnce>
      </>
    ),
  };
}
