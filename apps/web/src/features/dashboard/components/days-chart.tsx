import type { Dashboard } from '@smena/contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { shortDate, tooltipDate } from '../dashboard-format.ts';
import { CHART_HEIGHT } from './chart-size.ts';

const AXIS_TICK = { fontSize: 12, fill: 'rgba(0, 0, 0, 0.55)' };

type Series = { key: 'planned' | 'present' | 'late' | 'absent'; name: string; color: string };

const PRESENCE: Series[] = [
  { key: 'planned', name: 'Запланировано', color: '#bae0ff' },
  { key: 'present', name: 'Пришли', color: '#1677ff' },
];
const LATENESS: Series[] = [
  { key: 'late', name: 'Опоздали', color: '#fa8c16' },
  { key: 'absent', name: 'Отсутствовали', color: '#ff4d4f' },
];

/** One bar chart of the fortnight (recharts: loaded by attendance-charts.tsx when drawn). */
export function DaysChart({
  days,
  series: which,
}: {
  days: Dashboard['days'];
  series: 'presence' | 'lateness';
}) {
  const series = which === 'presence' ? PRESENCE : LATENESS;
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <BarChart data={days} margin={{ top: 8, right: 8, bottom: 16, left: 0 }} barGap={2}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#f0f0f0" />
        <XAxis
          dataKey="date"
          tickFormatter={shortDate}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: '#d9d9d9' }}
          interval="preserveStartEnd"
          minTickGap={8}
          label={{ value: 'Дата', position: 'insideBottom', offset: -10, ...AXIS_TICK }}
        />
        <YAxis
          allowDecimals={false}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={44}
          label={{
            value: 'Сотрудников',
            angle: -90,
            position: 'insideLeft',
            offset: 10,
            style: { textAnchor: 'middle' },
            ...AXIS_TICK,
          }}
        />
        <Tooltip
          cursor={{ fill: 'rgba(22, 119, 255, 0.06)' }}
          labelFormatter={(label) => tooltipDate(String(label))}
        />
        <Legend
          verticalAlign="top"
          align="right"
          iconType="circle"
          height={32}
          formatter={(value) => <span className="smena-dashboard-chart__legend">{value}</span>}
        />
        {series.map((item) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.name}
            fill={item.color}
            radius={[3, 3, 0, 0]}
            maxBarSize={22}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
