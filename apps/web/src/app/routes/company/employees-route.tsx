import {
  FileExcelOutlined,
  LinkOutlined,
  UploadOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ListEmployeesQuery } from '@smena/contract';
import { Button, Card, Empty, Grid, Space } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/layout/page.tsx';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { useCountries } from '../../../features/countries/api/get-countries.ts';
import { useExportEmployees } from '../../../features/employees/api/export-employees.ts';
import { useEmployees } from '../../../features/employees/api/get-employees.ts';
import { useStructureOptions } from '../../../features/employees/api/get-structure-options.ts';
import {
  EmployeesFilters,
  type EmployeesFilterChange,
} from '../../../features/employees/components/employees-filters.tsx';
import { EmployeesTable } from '../../../features/employees/components/employees-table.tsx';
import { PendingInvitations } from '../../../features/employees/components/pending-invitations.tsx';
import { useEmployeeDialogs } from '../../../features/employees/components/use-employee-dialogs.tsx';
import { useEmployeesBulk } from '../../../features/employees/components/use-employees-bulk.tsx';
import {
  hasFilters,
  parseListQuery,
  toExportQuery,
  toSearchParams,
} from '../../../features/employees/list-params.ts';
import { LoadedOnce } from '../../../components/layout/loaded-once.tsx';

const DEFAULT_TIMEZONE = 'Europe/Moscow';

// Loaded when «Импорт» is first pressed: the list's first load does not carry it.
const InvitationsDrawer = lazy(() =>
  import('../../../features/registration-links/components/invitations-drawer.tsx').then(
    (module) => ({ default: module.InvitationsDrawer }),
  ),
);
const ImportEmployeesDrawer = lazy(
  () => import('../../../features/employees/components/import-employees-drawer.tsx'),
);

/** «Сотрудники»: search and filters kept in the address, the table, invitations, export. */
export function Component() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = parseListQuery(searchParams);
  const { company, role } = useSession();
  const hideBranches = company?.hideBranches ?? false;
  const hideDepartments = company?.hideDepartments ?? false;
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;

  const employees = useEmployees(query);
  const options = useStructureOptions({
    withBranches: !hideBranches,
    withDepartments: !hideDepartments,
  });
  const countries = useCountries();
  const exportEmployees = useExportEmployees();
  const [invitationsOpen, setInvitationsOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [importLoaded, setImportLoaded] = useState(false);
  const openImport = () => {
    setImportLoaded(true);
    setImportOpen(true);
  };

  const dialogs = useEmployeeDialogs({
    callerRole: role,
    hideBranches,
    hideDepartments,
    countries: countries.data,
    companyCountry: company?.country,
  });

  const bulk = useEmployeesBulk({
    query,
    total: employees.data?.total,
    pageIds: employees.data?.items.map((employee) => employee.id) ?? [],
    options,
    hideBranches,
    hideDepartments,
    isPhone,
  });

  const updateQuery = useCallback(
    (change: Partial<ListEmployeesQuery>) => {
      setSearchParams(
        (current) => {
          const next = { ...parseListQuery(current), ...change };
          // A new filter starts from the first page.
          if (!('page' in change)) next.page = 1;
          return toSearchParams(next);
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  const onFiltersChange = useCallback(
    (change: EmployeesFilterChange) => updateQuery(change),
    [updateQuery],
  );

  const filtered = hasFilters(query);
  const empty = filtered ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="Никого не нашли — измените условия поиска"
    >
      <Button onClick={() => setSearchParams(new URLSearchParams(), { replace: true })}>
        Сбросить фильтры
      </Button>
    </Empty>
  ) : (
    <Empty description="Сотрудников пока нет — добавьте первого или отправьте приглашение">
      <Space wrap style={{ justifyContent: 'center' }}>
        <Button type="primary" icon={<UserAddOutlined />} onClick={dialogs.openCreate}>
          Добавить сотрудника
        </Button>
        <Button icon={<LinkOutlined />} onClick={() => setInvitationsOpen(true)}>
          Пригласить
        </Button>
        <Button icon={<UploadOutlined />} onClick={openImport}>
          Загрузить из Excel
        </Button>
      </Space>
    </Empty>
  );

  return (
    <Page
      title={titles.company.employees}
      actions={
        <Space wrap>
          <Button icon={<UploadOutlined />} onClick={openImport}>
            Импорт
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            loading={exportEmployees.isPending}
            disabled={employees.data?.total === 0}
            onClick={() => exportEmployees.mutate(toExportQuery(query))}
          >
            Экспорт в Excel
          </Button>
          <Button icon={<LinkOutlined />} onClick={() => setInvitationsOpen(true)}>
            Пригласить
          </Button>
          <Button type="primary" icon={<UserAddOutlined />} onClick={dialogs.openCreate}>
            Добавить сотрудника
          </Button>
        </Space>
      }
    >
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <EmployeesFilters
          query={query}
          options={options}
          hideBranches={hideBranches}
          hideDepartments={hideDepartments}
          onChange={onFiltersChange}
        />
        {bulk.banner}
        <EmployeesTable
          data={employees.data}
          loading={employees.isFetching}
          query={query}
          hideBranches={hideBranches}
          hideDepartments={hideDepartments}
          isPhone={isPhone}
          onChange={updateQuery}
          empty={empty}
          actions={{
            onOpen: (employee) => void navigate(paths.company.employee(employee.id)),
            onEdit: dialogs.openEdit,
            onDismiss: dialogs.openDismiss,
            onRestore: dialogs.confirmRestore,
          }}
          selection={bulk.selection}
        />
        {bulk.bar}
      </Card>
      <PendingInvitations />
      {dialogs.dialogs}
      {importLoaded && (
        <Suspense fallback={null}>
          <ImportEmployeesDrawer open={importOpen} onClose={() => setImportOpen(false)} />
        </Suspense>
      )}
      {bulk.dialog}
      <LoadedOnce when={invitationsOpen}>
        <InvitationsDrawer
          open={invitationsOpen}
          onClose={() => setInvitationsOpen(false)}
          departments={options.departments}
          positions={options.positions}
          optionsLoading={options.isLoading}
          hideDepartments={hideDepartments}
          timeZone={company?.timezone ?? DEFAULT_TIMEZONE}
        />
      </LoadedOnce>
    </Page>
  );
}
