import { EllipsisOutlined } from '@ant-design/icons';
import { formatRubles, type Plan } from '@smena/contract';
import { Button, Card, Dropdown, Empty, Space, Table, Tag, type MenuProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatCount } from '../../../components/layout/public-page-layout.tsx';
import { DAY_FORMS } from '../plan-format.ts';
import './plans.css';

export type PlanAction = 'edit' | 'make-default' | 'delete' | 'restore';

type PlansTableProps = {
  plans: Plan[];
  loading: boolean;
  compact: boolean;
  onAction: (action: PlanAction, plan: Plan) => void;
};

export function PlanTags({ plan }: { plan: Plan }) {
  return (
    <Space size={4} wrap>
      {plan.isDefault && <Tag color="blue">Основной</Tag>}
      {plan.active ? <Tag color="green">В продаже</Tag> : <Tag>В архиве</Tag>}
    </Space>
  );
}

function actionItems(plan: Plan): MenuProps['items'] {
  const items: NonNullable<MenuProps['items']> = [{ key: 'edit', label: 'Изменить' }];
  if (!plan.isDefault && plan.active)
    items.push({ key: 'make-default', label: 'Сделать основным' });
  if (!plan.active) items.push({ key: 'restore', label: 'Вернуть в продажу' });
  if (!plan.isDefault && (plan.active || plan.paymentCount === 0)) {
    items.push({ type: 'divider' });
    items.push({
      key: 'delete',
      label: plan.paymentCount > 0 ? 'Снять с продажи' : 'Удалить',
      danger: true,
    });
  }
  return items;
}

function ActionsMenu({ plan, onAction }: { plan: Plan; onAction: PlansTableProps['onAction'] }) {
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items: actionItems(plan), onClick: ({ key }) => onAction(key as PlanAction, plan) }}
    >
      <Button type="text" icon={<EllipsisOutlined />} aria-label={`Действия: ${plan.title}`} />
    </Dropdown>
  );
}

function discounts(plan: Plan): string {
  return `${plan.discount3Months} / ${plan.discount6Months} / ${plan.discount12Months} %`;
}

const EMPTY = (
  <Empty
    image={Empty.PRESENTED_IMAGE_SIMPLE}
    description="Тарифов нет. Добавьте первый — новые компании получат основной тариф."
  />
);

/** The service's plans: price per user and month, trial, discounts, minimum, status. */
export function PlansTable({ plans, loading, compact, onAction }: PlansTableProps) {
  if (compact) {
    if (!loading && plans.length === 0) return <Card variant="borderless">{EMPTY}</Card>;
    return (
      <div className="smena-plan-cards" aria-busy={loading}>
        {plans.map((plan) => (
          <Card key={plan.id} size="small" variant="borderless">
            <div className="smena-plan-card__head">
              <div>
                <div className="smena-plan-card__title">{plan.title}</div>
                <div>{formatRubles(plan.pricePerUserKopecks)} за пользователя в месяц</div>
              </div>
              <ActionsMenu plan={plan} onAction={onAction} />
            </div>
            <div className="smena-plan-card__facts">
              <PlanTags plan={plan} />
              <span>Пробный: {formatCount(plan.trialDays, DAY_FORMS)}</span>
              <span>Скидки 3/6/12 мес.: {discounts(plan)}</span>
              <span>Минимум: {plan.minUsers} польз.</span>
              <span>Платежей: {plan.paymentCount}</span>
            </div>
          </Card>
        ))}
      </div>
    );
  }

  const columns: ColumnsType<Plan> = [
    { key: 'title', title: 'Название', dataIndex: 'title' },
    {
      key: 'price',
      title: 'Цена за польз./мес.',
      align: 'right',
      render: (_, plan) => formatRubles(plan.pricePerUserKopecks),
      sorter: (a, b) => a.pricePerUserKopecks - b.pricePerUserKopecks,
    },
    {
      key: 'trial',
      title: 'Пробный период',
      render: (_, plan) => formatCount(plan.trialDays, DAY_FORMS),
    },
    { key: 'discounts', title: 'Скидки 3 / 6 / 12 мес.', render: (_, plan) => discounts(plan) },
    { key: 'minUsers', title: 'Минимум польз.', dataIndex: 'minUsers', align: 'right' },
    { key: 'payments', title: 'Платежей', dataIndex: 'paymentCount', align: 'right' },
    { key: 'status', title: 'Статус', render: (_, plan) => <PlanTags plan={plan} /> },
    {
      key: 'actions',
      width: 56,
      render: (_, plan) => <ActionsMenu plan={plan} onAction={onAction} />,
    },
  ];

  return (
    <Table<Plan>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={plans}
      loading={loading}
      pagination={false}
      scroll={{ x: 860 }}
      locale={{ emptyText: loading ? ' ' : EMPTY }}
    />
  );
}
