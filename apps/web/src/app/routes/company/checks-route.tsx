import { PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Empty, Grid, Segmented } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { useChecks, useOpenChecksCount } from '../../../features/checks/api/get-checks.ts';
import { useUnreadCommentsCount } from '../../../features/checks/api/get-comments.ts';
import { CommentsList } from '../../../features/checks/components/comments-list.tsx';
import {
  ChecksFilters,
  type ChecksFilterChange,
} from '../../../features/checks/components/checks-filters.tsx';
import { ChecksListTable } from '../../../features/checks/components/checks-table.tsx';
import { useCheckDialogs } from '../../../features/checks/components/use-check-dialogs.tsx';
import {
  hasFilters,
  parseListState,
  checksPageQuery,
  toSearchParams,
  type ChecksListState,
  type ChecksView,
} from '../../../features/checks/list-params.ts';
import { useListFacts } from '../../../features/checks/use-list-facts.ts';
import { useNow } from '../../../features/checks/use-now.ts';
import { useZoneOf } from '../../../features/checks/use-zone-of.ts';
import { EmployeeSelect } from '../../../features/day-offs/components/employee-select.tsx';
import { useStructureOptions } from '../../../features/employees/api/get-structure-options.ts';
import { useRemoteConfig } from '../../../features/remote-config/use-remote-config.ts';
import { safeZone } from '../../../lib/zoned-time.ts';
import { dateOf } from '../../../lib/zoned-instants.ts';

/** «Отметки»: every check of a period with filters, and who is on site right now. */
export function Component() {
  const { company } = useSession();
  const zone = safeZone(company?.timezone);
  const nowMs = useNow();
  const today = dateOf(nowMs, zone);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseListState(searchParams, today);
  const isPhone = Grid.useBreakpoint().md === false;
  const hideBranches = company?.hideBranches ?? false;
  const hideDepartments = company?.hideDepartments ?? false;

  // `features.comments` off: no «Комментарии» view (a saved link to it shows all checks).
  const commentsEnabled = useRemoteConfig('features.comments');
  const isComments = commentsEnabled && state.view === 'comments';
  const checks = useChecks(checksPageQuery(state), !isComments);
  const openCount = useOpenChecksCount();
  const unreadComments = useUnreadCommentsCount();
  const structure = useStructureOptions({ withBranches: false, withDepartments: !hideDepartments });
  const { zoneOf, branchTitle, branches } = useZoneOf(company?.timezone);
  const items = useMemo(() => checks.data?.items ?? [], [checks.data]);
  const facts = useListFacts({ checks: items, attendance: checks.data?.attendance, zoneOf, nowMs });
  const dialogs = useCheckDialogs({
    branches,
    zoneOf,
    branchTitle,
    employeeField: <EmployeeSelect aria-label="Сотрудник" />,
  });

  const update = (change: Partial<ChecksListState>) => {
    setSearchParams(
      (current) => {
        const next = { ...parseListState(current, today), ...change };
        if (!('page' in change)) next.page = 1;
        return toSearchParams(next, today);
      },
      { replace: true },
    );
  };
  const onFilters = (change: ChecksFilterChange) => update(change);

  const filtered = hasFilters(state);
  const empty =
    state.view === 'open' ? (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="Сейчас на месте никого нет: открытых отметок нет"
      />
    ) : filtered ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ничего не нашли — измените фильтры">
        <Button
          onClick={() =>
            update({
              branchId: undefined,
              departmentId: undefined,
              employeeId: undefined,
              onlyOpen: false,
              onlyLate: false,
              signals: [],
            })
          }
        >
          Сбросить фильтры
        </Button>
      </Empty>
    ) : (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="За этот период отметок нет. Сотрудники отмечаются с телефона, а пропущенную отметку можно добавить вручную."
      >
        <Button type="primary" icon={<PlusOutlined />} onClick={dialogs.openCreate}>
          Добавить отметку
        </Button>
      </Empty>
    );

  return (
    <Page
      title={titles.company.checks}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={dialogs.openCreate}>
          Добавить отметку
        </Button>
      }
    >
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <div className="smena-checks__toolbar">
          <Segmented<ChecksView>
            aria-label="Раздел"
            value={isComments || state.view !== 'comments' ? state.view : 'period'}
            onChange={(view) => update({ view })}
            options={[
              { value: 'period', label: 'Все отметки' },
              {
                value: 'open',
                label: (
                  <span>
                    Сейчас на месте{' '}
                    <Badge
                      count={openCount ?? 0}
                      showZero
                      size="small"
                      color={openCount ? '#52c41a' : '#bfbfbf'}
                    />
                  </span>
                ),
              },
              ...(commentsEnabled
                ? [
                    {
                      value: 'comments' as const,
                      label: (
                        <span>
                          Комментарии{' '}
                          {unreadComments.data ? (
                            <Badge
                              count={unreadComments.data}
                              size="small"
                              title={`Непрочитанных: ${unreadComments.data}`}
                            />
                          ) : null}
                        </span>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </div>
        {isComments ? (
          <CommentsList
            zone={zone}
            today={today}
            employeeFilter={({ value, onChange }) => (
              <EmployeeSelect
                aria-label="Сотрудник"
                placeholder="Все сотрудники"
                allowClear
                value={value}
                onChange={onChange}
              />
            )}
          />
        ) : (
          <>
            <ChecksFilters
              state={state}
              today={today}
              branches={hideBranches ? null : branches}
              departments={hideDepartments ? null : structure.departments}
              employeeField={
                <EmployeeSelect
                  aria-label="Сотрудник"
                  placeholder="Все сотрудники"
                  allowClear
                  value={state.employeeId}
                  onChange={(employeeId) => onFilters({ employeeId })}
                />
              }
              onChange={onFilters}
            />
            <ChecksListTable
              data={checks.data}
              facts={facts}
              zoneOf={zoneOf}
              actions={dialogs.actions}
              loading={checks.isFetching}
              isPhone={isPhone}
              empty={empty}
              page={state.page}
              limit={state.limit}
              onPageChange={(page, limit) => update({ page, limit })}
            />
          </>
        )}
      </Card>
      {dialogs.dialogs}
    </Page>
  );
}
