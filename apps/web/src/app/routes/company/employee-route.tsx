import {
  ArrowLeftOutlined,
  EditOutlined,
  RollbackOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons';
import { Role, type Employee } from '@smena/contract';
import { Button, Grid, Space, Tabs } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { describeError, NOT_FOUND } from '../../../components/feedback/describe-error.ts';
import { ErrorPage } from '../../../components/feedback/error-page.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { EmployeeChecks } from '../../../features/checks/components/employee-checks.tsx';
import { CommentsList } from '../../../features/checks/components/comments-list.tsx';
import { useNow } from '../../../features/checks/use-now.ts';
import { useCountries } from '../../../features/countries/api/get-countries.ts';
import { useEmployee } from '../../../features/employees/api/get-employee.ts';
import { EmployeePhotoConsentCard } from '../../../features/kiosk/components/employee-photo-consent-card.tsx';
import {
  ComingLaterSection,
  EmployeeProfile,
} from '../../../features/employees/components/employee-profile.tsx';
import { ManagerScopeSection } from '../../../features/employees/components/manager-scope-section.tsx';
import { EmployeeSummary } from '../../../features/employees/components/employee-summary.tsx';
import { useEmployeeDialogs } from '../../../features/employees/components/use-employee-dialogs.tsx';
import { fullName } from '../../../features/employees/employee-format.ts';
import { useRemoteConfig } from '../../../features/remote-config/use-remote-config.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { safeZone } from '../../../lib/zoned-time.ts';
import { dateOf } from '../../../lib/zoned-instants.ts';

const TABS = ['profile', 'schedule', 'checks', 'absences', 'comments'] as const;
type TabKey = (typeof TABS)[number];

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** `/company/employees/:id`: the employee's card with its sections. */
export function Component() {
  const params = useParams();
  const id = parseId(params.id);
  const employee = useEmployee(id ?? 0, id !== null);

  if (id === null) return <ErrorPage {...NOT_FOUND} embedded />;
  if (employee.isPending) return <PageSpinner />;
  if (employee.isError) {
    const error = employee.error;
    if (isApiError(error) && error.statusCode === 404) return <ErrorPage {...NOT_FOUND} embedded />;
    return <ErrorPage {...describeError(error)} embedded />;
  }
  return <EmployeeCard employee={employee.data} />;
}

function EmployeeCard({ employee }: { employee: Employee }) {
  const { company, role, isAdmin } = useSession();
  const zone = safeZone(company?.timezone);
  const today = dateOf(useNow(), zone);
  const countries = useCountries();
  const [searchParams, setSearchParams] = useSearchParams();
  const hideBranches = company?.hideBranches ?? false;
  const hideDepartments = company?.hideDepartments ?? false;
  const tabParam = searchParams.get('tab');
  const commentsEnabled = useRemoteConfig('features.comments');
  const tab: TabKey =
    TABS.includes(tabParam as TabKey) && (commentsEnabled || tabParam !== 'comments')
      ? (tabParam as TabKey)
      : 'profile';

  const dialogs = useEmployeeDialogs({
    callerRole: role,
    hideBranches,
    hideDepartments,
    countries: countries.data,
    companyCountry: company?.country,
  });
  const isDismissed = employee.status === 'DISMISSED';
  // Phones have the menu for going back; the tabs need the width.
  const isPhone = Grid.useBreakpoint().md === false;

  return (
    <Page
      title={fullName(employee) || titles.company.employee}
      actions={
        <Space wrap>
          <Button icon={<EditOutlined />} onClick={() => dialogs.openEdit(employee)}>
            Изменить
          </Button>
          {isDismissed ? (
            <Button icon={<RollbackOutlined />} onClick={() => dialogs.confirmRestore(employee)}>
              Восстановить
            </Button>
          ) : (
            <Button
              danger
              icon={<UserDeleteOutlined />}
              onClick={() => dialogs.openDismiss(employee)}
            >
              Уволить
            </Button>
          )}
        </Space>
      }
    >
      <EmployeeSummary employee={employee} />
      <Tabs
        activeKey={tab}
        // Phones wrap the tabs onto two lines: each one stays in sight, none behind «…».
        className={isPhone ? 'smena-tabs--wrap' : undefined}
        onChange={(key) =>
          setSearchParams(key === 'profile' ? {} : { tab: key }, { replace: true })
        }
        tabBarExtraContent={
          isPhone ? undefined : (
            <Link to={paths.company.employees}>
              <ArrowLeftOutlined /> Все сотрудники
            </Link>
          )
        }
        items={[
          {
            key: 'profile',
            label: 'Профиль',
            children: (
              <EmployeeProfile
                employee={employee}
                hideBranches={hideBranches}
                hideDepartments={hideDepartments}
                aside={
                  <>
                    {employee.role === Role.MANAGER && (
                      <ManagerScopeSection
                        employee={employee}
                        canEdit={isAdmin}
                        hideBranches={hideBranches}
                        hideDepartments={hideDepartments}
                      />
                    )}
                    {isAdmin && <EmployeePhotoConsentCard employeeId={employee.id} zone={zone} />}
                  </>
                }
              />
            ),
          },
          {
            key: 'schedule',
            label: 'График',
            children: (
              <ComingLaterSection description="Здесь будет график работы сотрудника: смены по дням и закреплённые графики." />
            ),
          },
          {
            key: 'checks',
            label: 'Отметки',
            children: (
              <EmployeeChecks
                employeeId={employee.id}
                companyZone={company?.timezone}
                canAdd={!isDismissed}
              />
            ),
          },
          {
            key: 'absences',
            label: 'Отсутствия',
            children: (
              <ComingLaterSection description="Здесь будут отпуска, больничные, отгулы и другие отсутствия сотрудника." />
            ),
          },
          ...(commentsEnabled
            ? [
                {
                  key: 'comments',
                  label: 'Комментарии',
                  children: <CommentsList employeeId={employee.id} zone={zone} today={today} />,
                },
              ]
            : []),
        ]}
      />
      {dialogs.dialogs}
    </Page>
  );
}
