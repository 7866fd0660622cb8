import { formatRubles, type CompanyPlan } from '@smena/contract';
import { Card, Col, Progress, Row, Statistic, Tag } from 'antd';
import { formatCount } from '../../../components/layout/public-page-layout.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { DAY_FORMS } from '../plan-format.ts';
import './plans.css';

/** «осталось 12 дней», «закончился», or nothing for a company without an end date. */
function daysLeftText(plan: CompanyPlan): string {
  if (plan.daysLeft === null) return 'Без ограничения срока';
  if (plan.state === 'ACTIVE') {
    return plan.daysLeft === 0
      ? 'Заканчивается сегодня'
      : `Осталось ${formatCount(plan.daysLeft, DAY_FORMS)}`;
  }
  if (plan.state === 'GRACE') return `Льготный период до ${formatDate(plan.graceUntil)}`;
  return 'Срок оплаты истёк';
}

export function PlanStateTag({ plan }: { plan: CompanyPlan }) {
  if (plan.state === 'EXPIRED') return <Tag color="red">Не оплачен</Tag>;
  if (plan.state === 'GRACE') return <Tag color="orange">Льготный период</Tag>;
  return plan.isTrial ? <Tag color="blue">Пробный период</Tag> : <Tag color="green">Оплачен</Tag>;
}

/** The company's plan at a glance: plan and price, seats, paid-until and days left. */
export function PlanOverview({ plan }: { plan: CompanyPlan }) {
  const usedPercent =
    plan.userLimit > 0 ? Math.min(100, (plan.activeUsers / plan.userLimit) * 100) : 100;
  return (
    <Row gutter={[16, 16]} className="smena-plan-overview">
      <Col xs={24} sm={12} xl={6}>
        <Card variant="borderless">
          <Statistic title="Тариф" value={plan.plan.title} />
          <div className="smena-plan-overview__hint">
            {formatRubles(plan.plan.pricePerUserKopecks)} за пользователя в месяц
          </div>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card variant="borderless">
          <Statistic title="Лимит пользователей" value={plan.userLimit} />
          <div className="smena-plan-overview__hint">столько сотрудников может быть активно</div>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card variant="borderless">
          <Statistic
            title="Активных пользователей"
            value={plan.activeUsers}
            suffix={`из ${plan.userLimit}`}
          />
          <Progress
            percent={usedPercent}
            showInfo={false}
            size="small"
            status={plan.activeUsers >= plan.userLimit ? 'exception' : 'normal'}
            aria-label="Занято мест в тарифе"
          />
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card variant="borderless">
          <Statistic
            title={plan.isTrial ? 'Пробный период до' : 'Оплачено до'}
            value={plan.paidUntil ? formatDate(plan.paidUntil) : '—'}
          />
          <div className="smena-plan-overview__hint">
            <PlanStateTag plan={plan} /> {daysLeftText(plan)}
          </div>
        </Card>
      </Col>
    </Row>
  );
}
