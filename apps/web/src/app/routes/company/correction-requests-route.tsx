import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Grid } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { useCheckBranches } from '../../../features/checks/api/get-branch-zones.ts';
import { useNow } from '../../../features/checks/use-now.ts';
import { CorrectionRequestModal } from '../../../features/correction-requests/components/correction-request-modal.tsx';
import { useCorrectionRequests } from '../../../features/correction-requests/api/get-correction-requests.ts';
import {
  CorrectionRequestsFilters,
  type CorrectionsFilterChange,
} from '../../../features/correction-requests/components/correction-requests-filters.tsx';
import { CorrectionRequestsTable } from '../../../features/correction-requests/components/correction-requests-table.tsx';
import {
  type CorrectionsListState,
  hasFilters,
  parseListState,
  toApiQuery,
  toSearchParams,
} from '../../../features/correction-requests/list-params.ts';
import { EmployeeSelect } from '../../../features/day-offs/components/employee-select.tsx';
import { useStructureOptions } from '../../../features/employees/api/get-structure-options.ts';
import { safeZone } from '../../../lib/zoned-time.ts';
import { dateOf } from '../../../lib/zoned-instants.ts';
import { paths } from '../../../config/paths.ts';
import { MonthInboxTabs } from './month-inbox-tabs.tsx';

/**
 * «Запросы на исправление»: employees' requests to fix their checks or a date's code, waiting
 * ones first; the manager approves or rejects each (decision 025).
 */
export function Component() {
  const { company, employee } = useSession();
  const today = dateOf(useNow(), safeZone(company?.timezone));
  const [asking, setAsking] = useState(false);
  const isPhone = Grid.useBreakpoint().md === false;
  const branches = useCheckBranches();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseListState(searchParams);
  const hideBranches = company?.hideBranches ?? false;
  const hideDepartments = company?.hideDepartments ?? false;
  const structure = useStructureOptions({
    withBranches: !hideBranches,
    withDepartments: !hideDepartments,
  });
  const requests = useCorrectionRequests(toApiQuery(state));

  const update = useCallback(
    (change: Partial<CorrectionsListState>) => {
      setSearchParams(
        (current) => {
          const next = { ...parseListState(current), ...change };
          if (!('page' in change)) next.page = 1;
          return toSearchParams(next);
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  const onFilters = useCallback((change: CorrectionsFilterChange) => update(change), [update]);

  const empty = hasFilters(state) ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ничего не нашли — измените фильтры">
      <Button
        onClick={() =>
          update({ branchId: undefined, departmentId: undefined, employeeId: undefined })
        }
      >
        Сбросить фильтры
      </Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        state.status === 'PENDING'
          ? 'Новых запросов нет. Сотрудники просят исправить отметку со своей главной страницы.'
          : 'Запросов нет'
      }
    />
  );

  return (
    <Page
      title={titles.company.correctionRequests}
      actions={
        // A manager's own dates are asked for here and decided by another manager or the admin.
        <Button icon={<EditOutlined />} onClick={() => setAsking(true)}>
          Исправить свою отметку
        </Button>
      }
    >
      <Card variant="borderless">
        <MonthInboxTabs current={paths.company.correctionRequests} />
        <CorrectionRequestsFilters
          state={state}
          branches={hideBranches ? null : structure.branches}
          departments={hideDepartments ? null : structure.departments}
          employeeField={
            <EmployeeSelect
              aria-label="Сотрудник"
              placeholder="Все сотрудники"
              allowClear
              className="smena-corrections-filters__select"
              value={state.employeeId}
              onChange={(employeeId) => onFilters({ employeeId })}
            />
          }
          onChange={onFilters}
        />
        <CorrectionRequestsTable
          data={requests.data}
          loading={requests.isFetching}
          empty={empty}
          onPage={(page, limit) => update({ page, limit })}
          selfId={employee?.id ?? null}
          isPhone={isPhone}
        />
      </Card>
      <CorrectionRequestModal
        open={asking}
        onClose={() => setAsking(false)}
        branches={branches.data ?? []}
        today={today}
      />
    </Page>
  );
}
