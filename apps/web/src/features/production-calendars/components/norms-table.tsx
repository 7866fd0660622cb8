import type { MonthNorm } from '@smena/contract';
import { Table, Typography, type TableColumnsType } from 'antd';
import { MONTH_NAMES } from '@smena/contract';

/** «159,4» — hours with a Russian decimal comma. */
export function formatHours(value: number): string {
  return String(Math.round(value * 100) / 100).replace('.', ',');
}

type Row = Omit<MonthNorm, 'month'> & { key: string; title: string };

const columns: TableColumnsType<Row> = [
  { title: 'Месяц', dataIndex: 'title', key: 'title' },
  { title: 'Рабочих дней', dataIndex: 'days', key: 'days', align: 'right' },
  {
    title: 'Часов при неделе',
    key: 'hours',
    align: 'center',
    children: [
      { title: '40 ч', dataIndex: 'hours40', key: 'hours40', align: 'right', render: formatHours },
      { title: '36 ч', dataIndex: 'hours36', key: 'hours36', align: 'right', render: formatHours },
      { title: '24 ч', dataIndex: 'hours24', key: 'hours24', align: 'right', render: formatHours },
    ],
  },
];

/** The norm of working time of each month and of the year, as the server counted it. */
export function NormsTable({ norms, stale }: { norms: MonthNorm[]; stale: boolean }) {
  const rows: Row[] = norms.map(({ month, ...norm }) => ({
    ...norm,
    key: String(month),
    title: MONTH_NAMES[month - 1] ?? String(month),
  }));
  const sum = (key: 'days' | 'hours40' | 'hours36' | 'hours24') =>
    Math.round(norms.reduce((total, norm) => total + norm[key], 0) * 100) / 100;

  return (
    <section className="smena-pcal-norms" aria-labelledby="pcal-norms-title">
      <Typography.Title level={3} id="pcal-norms-title" style={{ fontSize: 16 }}>
        Нормы рабочего времени
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {stale
          ? 'Нормы посчитаны по сохранённому календарю — сохраните изменения, чтобы их пересчитать.'
          : 'Пятидневная неделя; в сокращённый день — на час меньше.'}
      </Typography.Paragraph>
      <Table<Row>
        className={stale ? 'smena-pcal-norms__stale' : undefined}
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 420 }}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>Итого за год</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Typography.Text strong>{sum('days')}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <Typography.Text strong>{formatHours(sum('hours40'))}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <Typography.Text strong>{formatHours(sum('hours36'))}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              <Typography.Text strong>{formatHours(sum('hours24'))}</Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </section>
  );
}
