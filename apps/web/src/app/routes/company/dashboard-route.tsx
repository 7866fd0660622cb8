import { Button, Card, Empty, Skeleton } from 'antd';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useDashboard } from '../../../features/dashboard/api/get-dashboard.ts';
import { CompanyDashboard } from '../../../features/dashboard/components/company-dashboard.tsx';
import { RefreshStatus } from '../../../features/dashboard/components/refresh-status.tsx';

/** «Сводка»: the company's day at a glance; refreshes itself every minute (a wall screen). */
export function Component() {
  const dashboard = useDashboard();
  const data = dashboard.data;

  let body;
  if (!data && dashboard.isError) {
    body = (
      <Card variant="borderless">
        <Empty description="Не удалось загрузить сводку">
          <Button onClick={() => void dashboard.refetch()}>Повторить</Button>
        </Empty>
      </Card>
    );
  } else if (!data) {
    body = (
      <Card variant="borderless" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  } else {
    body = <CompanyDashboard dashboard={data} />;
  }

  return (
    <Page
      title={titles.company.dashboard}
      actions={
        data && (
          <RefreshStatus
            updatedAt={dashboard.dataUpdatedAt}
            isFetching={dashboard.isFetching}
            isError={dashboard.isError}
            onRefresh={() => void dashboard.refetch()}
          />
        )
      }
    >
      {body}
    </Page>
  );
}
