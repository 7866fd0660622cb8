import {
  BankOutlined,
  CalendarOutlined,
  ReloadOutlined,
  RiseOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { analyticsEventLabels, type AdminAnalytics } from '@smena/contract';
import { Button, Card, Col, DatePicker, Empty, Row, Segmented, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { useAdminAnalytics } from '../api/get-admin-analytics.ts';
import {
  averageUsers,
  fillDays,
  funnelSteps,
  lastDays,
  latestWeek,
  pageLabel,
  peakUsers,
  shortDate,
} from '../admin-analytics-format.ts';
import './product-analytics.css';
import { serviceDayStartOnViewerClock } from '../../../lib/zoned-time.ts';

const AXIS_TICK = { fontSize: 12, fill: 'rgba(0, 0, 0, 0.55)' };
const numbers = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
const TOP_ROWS = 8;
const MAX_PERIOD_DAYS = 366;

type Tone = 'blue' | 'cyan' | 'purple' | 'green';

function Stat({
  title,
  value,
  hint,
  icon,
  tone,
}: {
  title: string;
  value: ReactNode;
  hint: ReactNode;
  icon: ReactNode;
  tone: Tone;
}) {
  return (
    <Card variant="borderless" className="smena-product-analytics-stat">
      <div className="smena-product-analytics-stat__head">
        <span className="smena-product-analytics-stat__title">{title}</span>
        <span
          className={`smena-product-analytics-stat__icon smena-product-analytics--${tone}`}
          aria-hidden
        >
          {icon}
        </span>
      </div>
      <div className="smena-product-analytics-stat__value">{value}</div>
      <div className="smena-product-analytics-stat__hint">{hint}</div>
    </Card>
  );
}

type ChartMode = 'days' | 'weeks';

function ActiveUsersChart({
  data,
  mode,
}: {
  data: { key: string; users: number }[];
  mode: ChartMode;
}) {
  const label = mode === 'days' ? 'Пользователей за день' : 'Пользователей за неделю';
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 4, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#f0f0f0" />
        <XAxis
          dataKey="key"
          tickFormatter={shortDate}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: '#d9d9d9' }}
          interval="preserveStartEnd"
          minTickGap={12}
        />
        <YAxis
          allowDecimals={false}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={40}
        />
        <Tooltip
          cursor={{ fill: 'rgba(22, 119, 255, 0.06)' }}
          labelFormatter={(key) => (mode === 'days' ? String(key) : `Неделя с ${String(key)}`)}
          formatter={(value) => [value, label]}
        />
        <Bar
          dataKey="users"
          name={label}
          fill="#1677ff"
          radius={[4, 4, 0, 0]}
          maxBarSize={mode === 'days' ? 22 : 40}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A ranked list with a bar for each row: the most used features, the most viewed pages. */
function RankList({
  label,
  rows,
  empty,
}: {
  label: string;
  rows: { key: string; title: string; detail?: string; value: number }[];
  empty: string;
}) {
  if (rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  }
  const max = Math.max(...rows.map((row) => row.value), 1);
  return (
    <ol className="smena-product-analytics-rank" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key} className="smena-product-analytics-rank__row">
          <div className="smena-product-analytics-rank__text">
            <span className="smena-product-analytics-rank__title">{row.title}</span>
            {row.detail && (
              <code className="smena-product-analytics-rank__detail">{row.detail}</code>
            )}
          </div>
          <span className="smena-product-analytics-rank__value">{numbers.format(row.value)}</span>
          <span className="smena-product-analytics-rank__track" aria-hidden>
            <span
              className="smena-product-analytics-rank__bar"
              style={{ width: `${Math.max(2, (row.value / max) * 100)}%` }}
            />
          </span>
        </li>
      ))}
    </ol>
  );
}

function Funnel({ funnel }: { funnel: AdminAnalytics['funnel'] }) {
  const steps = funnelSteps(funnel);
  return (
    <ol className="smena-product-analytics-funnel" aria-label="Воронка регистрации">
      {steps.map((step, index) => (
        <li key={step.key} className="smena-product-analytics-funnel__step">
          <div className="smena-product-analytics-funnel__head">
            <span className="smena-product-analytics-funnel__label">
              <span className="smena-product-analytics-funnel__index" aria-hidden>
                {index + 1}
              </span>
              {step.label}
            </span>
            <span className="smena-product-analytics-funnel__count">
              {numbers.format(step.companies)}
              <span className="smena-product-analytics-funnel__percent"> · {step.percent} %</span>
            </span>
          </div>
          <span className="smena-product-analytics-funnel__track" aria-hidden>
            <span
              className="smena-product-analytics-funnel__bar"
              style={{ width: `${step.companies > 0 ? Math.max(2, step.percent) : 0}%` }}
            />
          </span>
          {step.fromPrevious !== undefined && (
            <div className="smena-product-analytics-funnel__conversion">
              {step.fromPrevious} % от предыдущего шага
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

function AnalyticsBody({ data }: { data: AdminAnalytics }) {
  const [mode, setMode] = useState<ChartMode>('days');
  const days = fillDays(data.from, data.to, data.dailyActiveUsers);
  const weeks = data.weeklyActiveUsers;
  const lastWeek = latestWeek(weeks, data.to);
  const chart =
    mode === 'days'
      ? days.map((day) => ({ key: day.date, users: day.users }))
      : weeks.map((week) => ({ key: week.weekStart, users: week.users }));
  const hasActivity = days.some((day) => day.users > 0);

  const features = data.topFeatures.slice(0, TOP_ROWS).map((feature) => ({
    key: feature.name,
    title: analyticsEventLabels[feature.name] ?? feature.name,
    value: feature.events,
  }));
  const pages = data.topPages.slice(0, TOP_ROWS).map((page) => {
    const title = pageLabel(page.route);
    return {
      key: page.route,
      title: title ?? page.route,
      detail: title ? page.route : undefined,
      value: page.views,
    };
  });

  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={12} xl={6}>
          <Stat
            title="Пользователей в день"
            value={numbers.format(averageUsers(days))}
            hint={`в среднем, максимум ${numbers.format(peakUsers(days))}`}
            icon={<UserOutlined />}
            tone="blue"
          />
        </Col>
        <Col xs={12} xl={6}>
          <Stat
            title="Пользователей за неделю"
            value={numbers.format(lastWeek?.users ?? 0)}
            hint={lastWeek ? `неделя с ${lastWeek.weekStart}` : 'за неделю'}
            icon={<CalendarOutlined />}
            tone="cyan"
          />
        </Col>
        <Col xs={12} xl={6}>
          <Stat
            title="Активных компаний"
            value={numbers.format(data.activeCompanies)}
            hint="заходили за период"
            icon={<BankOutlined />}
            tone="purple"
          />
        </Col>
        <Col xs={12} xl={6}>
          <Stat
            title="Новых компаний"
            value={numbers.format(data.funnel.registered)}
            hint="зарегистрировались за период"
            icon={<RiseOutlined />}
            tone="green"
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card
            variant="borderless"
            title="Активные пользователи"
            className="smena-product-analytics-card smena-product-analytics-chart"
            extra={
              <Segmented<ChartMode>
                size="small"
                aria-label="Активные пользователи"
                value={mode}
                onChange={setMode}
                options={[
                  { value: 'days', label: 'DAU' },
                  { value: 'weeks', label: 'WAU' },
                ]}
              />
            }
          >
            {hasActivity ? (
              <figure
                className="smena-product-analytics-chart__figure"
                aria-label={mode === 'days' ? 'Пользователи по дням' : 'Пользователи по неделям'}
              >
                <ActiveUsersChart data={chart} mode={mode} />
              </figure>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description="За этот период никто не входил"
                className="smena-product-analytics-empty"
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card
            variant="borderless"
            title="Воронка регистрации"
            className="smena-product-analytics-card"
            extra={<span className="smena-product-analytics__extra">компании за период</span>}
          >
            <Funnel funnel={data.funnel} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card
            variant="borderless"
            title="Популярные функции"
            className="smena-product-analytics-card"
          >
            <RankList
              label="Популярные функции"
              rows={features}
              empty="Действий за этот период нет"
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            variant="borderless"
            title="Популярные страницы"
            className="smena-product-analytics-card"
          >
            <RankList
              label="Популярные страницы"
              rows={pages}
              empty="Просмотров за этот период нет"
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}

export type CompanyFilterProps = { value: number | undefined; onChange: (id?: number) => void };

/**
 * «Аналитика продукта» of the super admin's dashboard: who uses the service and how, from the
 * product events the SPA sends; a period (last 30 days by default) and one company or all.
 */
export function ProductAnalytics({
  today,
  companyFilter,
}: {
  today: string;
  companyFilter: (props: CompanyFilterProps) => ReactNode;
}) {
  const [range, setRange] = useState<[string, string]>(() => lastDays(today));
  const [companyId, setCompanyId] = useState<number | undefined>();
  const analytics = useAdminAnalytics({ from: range[0], to: range[1], companyId });
  const data = analytics.data;

  let body: ReactNode;
  if (!data && analytics.isError) {
    body = (
      <Card variant="borderless">
        <Empty description={getErrorMessage(analytics.error, 'Не удалось загрузить аналитику')}>
          <Button icon={<ReloadOutlined />} onClick={() => void analytics.refetch()}>
            Повторить
          </Button>
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
    body = <AnalyticsBody data={data} />;
  }

  return (
    <section
      className="smena-product-analytics"
      aria-labelledby="product-analytics-title"
      aria-busy={analytics.isFetching}
    >
      <div className="smena-product-analytics__head">
        <div>
          <Typography.Title
            level={2}
            id="product-analytics-title"
            className="smena-product-analytics__title"
          >
            Аналитика продукта
          </Typography.Title>
          <div className="smena-product-analytics__subtitle">
            Обезличенные события приложения; сутки начинаются в {serviceDayStartOnViewerClock()} по
            вашему времени
          </div>
        </div>
        <div
          className="smena-product-analytics__filters"
          role="search"
          aria-label="Фильтры аналитики"
        >
          <DatePicker.RangePicker
            aria-label="Период"
            format={DATE_FORMAT}
            allowClear={false}
            value={[dayjs(range[0]), dayjs(range[1])]}
            disabledDate={(date, info) =>
              date.isAfter(dayjs(today), 'day') ||
              // The server answers for at most a year (366 days) at a time.
              (info.from !== undefined && Math.abs(date.diff(info.from, 'day')) >= MAX_PERIOD_DAYS)
            }
            presets={[
              { label: '7 дней', value: [dayjs(today).subtract(6, 'day'), dayjs(today)] },
              { label: '30 дней', value: [dayjs(today).subtract(29, 'day'), dayjs(today)] },
              { label: '90 дней', value: [dayjs(today).subtract(89, 'day'), dayjs(today)] },
            ]}
            onChange={(values) => {
              if (!values?.[0] || !values[1]) return;
              setRange([values[0].format(DATE_FORMAT), values[1].format(DATE_FORMAT)]);
            }}
            className="smena-product-analytics__period"
          />
          {companyFilter({ value: companyId, onChange: setCompanyId })}
        </div>
      </div>
      <div
        className={
          analytics.isPlaceholderData
            ? 'smena-product-analytics__body is-stale'
            : 'smena-product-analytics__body'
        }
      >
        {body}
      </div>
    </section>
  );
}
