import {
  CheckSquareOutlined,
  CreditCardOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { formatRubles, type AdminDashboard } from '@smena/contract';
import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../../../components/layout/public-page-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { monthIn, weekLabel, weekTooltip } from '../admin-dashboard-format.ts';
import './admin-dashboard.css';
import { serviceDayStartOnViewerClock } from '../../../lib/zoned-time.ts';

const PAYMENT_FORMS = { one: 'оплата', few: 'оплаты', many: 'оплат' };
const COMPANY_FORMS = { one: 'компания', few: 'компании', many: 'компаний' };
const AXIS_TICK = { fontSize: 12, fill: 'rgba(0, 0, 0, 0.55)' };

function StatCard({
  title,
  value,
  icon,
  tone,
  children,
  to,
}: {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  tone: 'blue' | 'cyan' | 'purple' | 'green' | 'gold';
  children?: ReactNode;
  to?: string;
}) {
  const card = (
    <Card variant="borderless" hoverable={Boolean(to)} className="smena-admin-dashboard-card">
      <div className="smena-admin-dashboard-stat">
        <div className="smena-admin-dashboard-stat__head">
          <span className="smena-admin-dashboard-stat__title">{title}</span>
          <span
            className={`smena-admin-dashboard-stat__icon smena-admin-dashboard-tone--${tone}`}
            aria-hidden
          >
            {icon}
          </span>
        </div>
        <div className="smena-admin-dashboard-stat__value">{value}</div>
        {children && <div className="smena-admin-dashboard-stat__hint">{children}</div>}
      </div>
    </Card>
  );
  return to ? (
    <Link to={to} className="smena-admin-dashboard-card-link">
      {card}
    </Link>
  ) : (
    card
  );
}

function CompanyBreakdown({ companies }: { companies: AdminDashboard['companies'] }) {
  const items = [
    { label: 'активные', value: companies.active, tone: 'green' },
    { label: 'пробные', value: companies.trial, tone: 'blue' },
    { label: 'заблокированные', value: companies.blocked, tone: 'red' },
  ];
  return (
    <ul
      className="smena-admin-dashboard-breakdown"
      aria-label="Компании по состоянию"
      title="Пробные входят в активные"
    >
      {items.map((item) => (
        <li key={item.label}>
          <span
            className={`smena-admin-dashboard-dot smena-admin-dashboard-dot--${item.tone}`}
            aria-hidden
          />
          <span className="smena-admin-dashboard-breakdown__value">{item.value}</span> {item.label}
        </li>
      ))}
    </ul>
  );
}

function NewCompaniesChart({ weeks }: { weeks: AdminDashboard['newCompaniesPerWeek'] }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={weeks} margin={{ top: 8, right: 8, bottom: 16, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#f0f0f0" />
        <XAxis
          dataKey="weekStart"
          tickFormatter={weekLabel}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: '#d9d9d9' }}
          interval="preserveStartEnd"
          minTickGap={8}
          label={{
            value: 'Неделя (с понедельника)',
            position: 'insideBottom',
            offset: -10,
            ...AXIS_TICK,
          }}
        />
        <YAxis
          allowDecimals={false}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={44}
          label={{
            value: 'Компаний',
            angle: -90,
            position: 'insideLeft',
            offset: 10,
            style: { textAnchor: 'middle' },
            ...AXIS_TICK,
          }}
        />
        <Tooltip
          cursor={{ fill: 'rgba(22, 119, 255, 0.06)' }}
          labelFormatter={(label) => weekTooltip(String(label))}
          formatter={(value) => [value, 'Новых компаний']}
        />
        <Bar
          dataKey="count"
          name="Новых компаний"
          fill="#1677ff"
          radius={[4, 4, 0, 0]}
          maxBarSize={36}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The service at a glance: companies, people, today's checks, the month's payments, sign-ups. */
export function AdminDashboardView({ dashboard }: { dashboard: AdminDashboard }) {
  const newTotal = dashboard.newCompaniesPerWeek.reduce((sum, week) => sum + week.count, 0);
  return (
    <div className="smena-admin-dashboard">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={6}>
          <StatCard
            title="Компании"
            value={dashboard.companies.total}
            icon={<ShopOutlined />}
            tone="blue"
            to={paths.admin.companies}
          >
            <CompanyBreakdown companies={dashboard.companies} />
          </StatCard>
        </Col>
        <Col xs={12} md={12} xl={4}>
          <StatCard
            title="Пользователи"
            value={dashboard.users}
            icon={<UserOutlined />}
            tone="cyan"
            to={paths.admin.users}
          >
            все учётные записи
          </StatCard>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <StatCard
            title="Сотрудники"
            value={dashboard.employees}
            icon={<TeamOutlined />}
            tone="purple"
          >
            работают в компаниях
          </StatCard>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <StatCard
            title="Отметок сегодня"
            value={dashboard.checksToday}
            icon={<CheckSquareOutlined />}
            tone="green"
          >
            с {serviceDayStartOnViewerClock()} по вашему времени
          </StatCard>
        </Col>
        <Col xs={12} md={8} xl={6}>
          <StatCard
            title="Оплаты за месяц"
            value={
              <span className="smena-admin-dashboard-stat__money">
                {formatRubles(dashboard.paymentsThisMonth.amountKopecks)}
              </span>
            }
            icon={<CreditCardOutlined />}
            tone="gold"
          >
            {formatCount(dashboard.paymentsThisMonth.count, PAYMENT_FORMS)}{' '}
            {monthIn(dashboard.generatedAt)}
          </StatCard>
        </Col>
      </Row>
      <Card
        variant="borderless"
        title="Новые компании по неделям"
        extra={
          <span className="smena-admin-dashboard__extra">
            за 12 недель: {formatCount(newTotal, COMPANY_FORMS)}
          </span>
        }
        className="smena-admin-dashboard-chart"
      >
        <figure
          className="smena-admin-dashboard-chart__figure"
          aria-label="Новые компании по неделям"
        >
          <NewCompaniesChart weeks={dashboard.newCompaniesPerWeek} />
        </figure>
      </Card>
    </div>
  );
}
