import type { Dashboard } from '@smena/contract';
import { Card, Col, Row } from 'antd';
import { lazy, Suspense } from 'react';
import { CHART_HEIGHT } from './chart-size.ts';

/**
 * The charts' code (recharts, ≈100 KB brotli) is a chunk of its own, asked as soon as this module
 * runs (the dashboard's page is opening), in parallel with the dashboard's data; until it is there
 * each card keeps the chart's height, so nothing moves when it is drawn.
 */
const loadDaysChart = () => import('./days-chart.tsx');
void loadDaysChart().catch(() => undefined);
const DaysChart = lazy(() => loadDaysChart().then((module) => ({ default: module.DaysChart })));

function Chart({ days, series }: { days: Dashboard['days']; series: 'presence' | 'lateness' }) {
  return (
    <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
      <DaysChart days={days} series={series} />
    </Suspense>
  );
}

/** The last 14 dates: who was planned and came, who was late or absent. */
export function AttendanceCharts({ days }: { days: Dashboard['days'] }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card variant="borderless" title="Присутствие за 14 дней" className="smena-dashboard-chart">
          <figure className="smena-dashboard-chart__figure" aria-label="Присутствие по дням">
            <Chart days={days} series="presence" />
          </figure>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card
          variant="borderless"
          title="Опоздания и отсутствия за 14 дней"
          className="smena-dashboard-chart"
        >
          <figure
            className="smena-dashboard-chart__figure"
            aria-label="Опоздания и отсутствия по дням"
          >
            <Chart days={days} series="lateness" />
          </figure>
        </Card>
      </Col>
    </Row>
  );
}
