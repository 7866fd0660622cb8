import type { DeviationActionType, DeviationItem, DeviationRef } from '@smena/contract';
import { Alert, Button, Card, Empty, Grid } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { EmployeeSelect } from '../../../features/day-offs/components/employee-select.tsx';
import { useDeviations } from '../../../features/deviations/api/get-deviations.ts';
import { DeviationActionModal } from '../../../features/deviations/components/deviation-action-modal.tsx';
import { DeviationsBulkBar } from '../../../features/deviations/components/deviations-bulk-bar.tsx';
import {
  DeviationsFilters,
  type DeviationFilterChange,
} from '../../../features/deviations/components/deviations-filters.tsx';
import { DeviationsTable } from '../../../features/deviations/components/deviations-table.tsx';
import {
  parseDeviationParams,
  toDeviationSearchParams,
} from '../../../features/deviations/deviation-params.ts';
import { useStructureOptions } from '../../../features/employees/api/get-structure-options.ts';
import { reportsKeys } from '../../../features/reports/api/keys.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { safeZone, todayIn } from '../../../lib/zoned-time.ts';
import { paths } from '../../../config/paths.ts';
import { MonthInboxTabs } from './month-inbox-tabs.tsx';

type Pending = { action: DeviationActionType; items: DeviationRef[] };

const refOf = (item: DeviationItem): DeviationRef => ({
  employeeId: item.employeeId,
  date: item.date,
  type: item.type,
});

/**
 * «Отклонения»: every deviation of a period in the manager's scope — late, early leave, НН,
 * forgotten check-outs, overtime, work on days off, checks without a shift or outside the zone,
 * corrections — and the decisions about them, one by one or for many at once.
 */
export function Component() {
  const { company } = useSession();
  const today = todayIn(safeZone(company?.timezone));
  const isPhone = Grid.useBreakpoint().md === false;
  const hideBranches = company?.hideBranches ?? false;
  const hideDepartments = company?.hideDepartments ?? false;
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseDeviationParams(searchParams, today);
  const query = {
    ...params,
    branchId: hideBranches ? undefined : params.branchId,
    departmentId: hideDepartments ? undefined : params.departmentId,
  };
  const deviations = useDeviations(query);
  const structure = useStructureOptions({
    withBranches: !hideBranches,
    withDepartments: !hideDepartments,
  });
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);

  const items = (deviations.data?.items ?? []).filter(
    (item): item is DeviationItem => item.kind === 'DEVIATION',
  );
  const picked = items.filter((item) => selected.includes(item.key));

  const onChange = (change: DeviationFilterChange) => {
    setSelected([]);
    setSearchParams(
      (current) => toDeviationSearchParams({ ...parseDeviationParams(current, today), ...change }),
      { replace: true },
    );
  };

  const filtered =
    params.type !== undefined ||
    params.status !== undefined ||
    params.branchId !== undefined ||
    params.departmentId !== undefined ||
    params.employeeId !== undefined;
  const empty = filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ничего не нашли — измените фильтры">
      <Button
        onClick={() =>
          onChange({
            type: undefined,
            status: undefined,
            branchId: undefined,
            departmentId: undefined,
            employeeId: undefined,
          })
        }
      >
        Сбросить фильтры
      </Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="За этот период отклонений нет. Опоздания, неявки, переработки и правки отметок появятся здесь сами."
    />
  );

  return (
    <Page title={titles.company.deviations}>
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <MonthInboxTabs current={paths.company.deviations} />
        <DeviationsFilters
          today={today}
          query={query}
          newByType={deviations.data?.newByType ?? {}}
          branches={hideBranches ? null : structure.branches}
          departments={hideDepartments ? null : structure.departments}
          employeeField={
            <EmployeeSelect
              aria-label="Сотрудник"
              placeholder="Все сотрудники"
              allowClear
              value={params.employeeId}
              onChange={(employeeId) => onChange({ employeeId })}
            />
          }
          onChange={onChange}
        />
        {deviations.isError && (
          <Alert
            type="error"
            showIcon
            title={getErrorMessage(deviations.error)}
            style={{ marginBottom: 12 }}
          />
        )}
        <DeviationsTable
          items={items}
          loading={deviations.isFetching}
          selected={selected}
          onSelect={setSelected}
          onAction={(item, action) => setPending({ action, items: [refOf(item)] })}
          empty={empty}
          isPhone={isPhone}
        />
        {picked.length > 0 && (
          <DeviationsBulkBar
            selected={picked}
            onAction={(action) => setPending({ action, items: picked.map(refOf) })}
            onClear={() => setSelected([])}
          />
        )}
      </Card>
      <DeviationActionModal
        action={pending?.action ?? null}
        items={pending?.items ?? []}
        fullScreen={isPhone}
        onApplied={() => queryClient.invalidateQueries({ queryKey: reportsKeys.all })}
        onClose={(applied) => {
          setPending(null);
          if (applied) setSelected([]);
        }}
      />
    </Page>
  );
}
