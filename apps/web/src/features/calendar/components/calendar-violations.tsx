import {
  planViolationCodeLabels,
  type CalendarViolationsResponse,
  type PlanViolation,
} from '@smena/contract';
import { WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Grid, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCalendarViolations } from '../api/get-violations.ts';
import type { CalendarViolationsQuery } from '../api/keys.ts';
import './calendar.css';

/** «2026-03-10» or «2026-03-09 — 2026-03-15». */
export function violationDates(violation: Pick<PlanViolation, 'from' | 'to'>): string {
  return violation.from === violation.to ? violation.from : `${violation.from} — ${violation.to}`;
}

/** The list of the drawer: each employee with their violations, article and dates. */
export function ViolationsList({ data }: { data: CalendarViolationsResponse }) {
  if (data.employees.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="В плане месяца нарушений ТК РФ не найдено"
      />
    );
  return (
    <div className="smena-cal-violations">
      {data.employees.map((employee) => (
        <section
          key={employee.employeeId}
          className="smena-cal-violations__employee"
          aria-label={employee.name}
        >
          <Typography.Title level={5} className="smena-cal-violations__name">
            {employee.name}
          </Typography.Title>
          <ul className="smena-cal-violations__list">
            {employee.violations.map((violation, index) => (
              <li key={index} className="smena-cal-violations__item">
                <div className="smena-cal-violations__head">
                  <Tag color="red">ст. {violation.article} ТК РФ</Tag>
                  <Typography.Text strong>
                    {planViolationCodeLabels[violation.code]}
                  </Typography.Text>
                </div>
                <Typography.Text type="secondary">{violationDates(violation)}</Typography.Text>
                <Typography.Paragraph className="smena-cal-violations__message">
                  {violation.message}
                </Typography.Paragraph>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * «Нарушения ТК РФ: N» beside the month's norm (ADMIN, MANAGER): opens the month's violations per
 * employee; the grid marks their dates too (decision 026).
 */
export function CalendarViolations({ query }: { query: CalendarViolationsQuery }) {
  const [open, setOpen] = useState(false);
  const isPhone = Grid.useBreakpoint().md === false;
  const violations = useCalendarViolations(query, true);
  const data = violations.data?.month === query.month ? violations.data : undefined;
  if (!data) return null;
  const label = data.total === 0 ? 'Нарушений ТК РФ нет' : `Нарушения ТК РФ: ${data.total}`;
  return (
    <>
      <Button
        size="small"
        type={data.total === 0 ? 'text' : 'default'}
        danger={data.total > 0}
        icon={data.total > 0 ? <WarningOutlined /> : undefined}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {label}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        size={isPhone ? '100%' : 520}
        title={`Нарушения ТК РФ в плане: ${query.month}`}
        destroyOnHidden
      >
        <Alert
          type="info"
          showIcon
          className="smena-cal-violations__hint"
          title="Нарушения, которые есть в плане месяца; их даты отмечены в календаре. Каждое изменение смен проверяется при сохранении: по настройке компании «Проверки ТК РФ при планировании» новое нарушение сохраняется с предупреждением или запрещается. Проверка — по плану смен, с учётом поставленных смен и отсутствий."
        />
        <ViolationsList data={data} />
      </Drawer>
    </>
  );
}
