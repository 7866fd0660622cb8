import type { Dashboard } from '@smena/contract';
import { Button, Card, Empty, Space } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { isDashboardEmpty, weekdayLong } from '../dashboard-format.ts';
import { AttendanceCharts } from './attendance-charts.tsx';
import { BranchesTable } from './branches-table.tsx';
import { LatestChecks } from './latest-checks.tsx';
import { TodayCards } from './today-cards.tsx';
import './dashboard.css';
import { timezoneLabel } from '../../../components/form/timezone-select.tsx';

function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** «Сегодня: среда, 2026-03-18», and the company's zone when it is not the viewer's. */
export function DashboardDateLine({ dashboard }: { dashboard: Dashboard }) {
  const zoneDiffers = dashboard.timezone !== viewerZone();
  return (
    <p className="smena-dashboard__date">
      Сегодня: {weekdayLong(dashboard.date)},{' '}
      <time dateTime={dashboard.date}>{dashboard.date}</time>
      {zoneDiffers && (
        <span className="smena-dashboard__zone">
          {' '}
          · время компании: {timezoneLabel(dashboard.timezone)}
        </span>
      )}
    </p>
  );
}

function NothingYet() {
  return (
    <Card variant="borderless">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <strong>Пока нечего показать</strong>
            <br />
            Сводка заполнится, когда у сотрудников появятся графики работы и первые отметки.
          </>
        }
      >
        <Space wrap>
          <Link to={paths.company.employees}>
            <Button type="primary">Добавить сотрудников</Button>
          </Link>
          <Link to={paths.company.workStructures.schedules}>
            <Button>Настроить графики</Button>
          </Link>
        </Space>
      </Empty>
    </Card>
  );
}

/** The company's day: counts, the fortnight's charts, branches, then the live list of checks. */
export function CompanyDashboard({ dashboard }: { dashboard: Dashboard }) {
  const empty = isDashboardEmpty(dashboard);
  return (
    <div className="smena-dashboard">
      <DashboardDateLine dashboard={dashboard} />
      <TodayCards today={dashboard.today} />
      {empty ? (
        <NothingYet />
      ) : (
        <>
          <AttendanceCharts days={dashboard.days} />
          <div className="smena-dashboard__bottom">
            <BranchesTable branches={dashboard.branches} />
            <LatestChecks checks={dashboard.latestChecks} />
          </div>
        </>
      )}
    </div>
  );
}
