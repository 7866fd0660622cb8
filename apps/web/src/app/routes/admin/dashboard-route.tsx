import { Button, Card, Empty, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { OperatorNotSetWarning } from '../../../components/layout/operator-details.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { CompanySelect } from '../../../features/admin-companies/components/company-select.tsx';
import { ProductAnalytics } from '../../../features/admin-analytics/components/product-analytics.tsx';
import { useAdminDashboard } from '../../../features/admin-dashboard/api/get-admin-dashboard.ts';
import { AdminDashboardView } from '../../../features/admin-dashboard/components/admin-dashboard-view.tsx';
import { DATE_FORMAT, TIME_FORMAT } from '../../../lib/dates.ts';

/** The super admin's «Сводка»: the whole service at a glance. */
export function Component() {
  const dashboard = useAdminDashboard();
  const data = dashboard.data;
  const [today] = useState(() => dayjs().format(DATE_FORMAT));

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
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  } else {
    body = <AdminDashboardView dashboard={data} />;
  }

  return (
    <Page
      title={titles.admin.dashboard}
      actions={
        data && (
          <span className="smena-admin-dashboard__extra">
            Обновлено в {dayjs(dashboard.dataUpdatedAt).format(TIME_FORMAT)}
          </span>
        )
      }
    >
      <OperatorNotSetWarning />
      {body}
      <ProductAnalytics
        today={today}
        companyFilter={({ value, onChange }) => (
          <CompanySelect
            aria-label="Компания"
            placeholder="Все компании"
            allowClear
            value={value}
            onChange={onChange}
            className="smena-product-analytics__company"
          />
        )}
      />
    </Page>
  );
}
