import { EllipsisOutlined } from '@ant-design/icons';
import { formatRubles, paymentProviderLabels, type Payment } from '@smena/contract';
import { Button, Card, Dropdown, Pagination, Table, type MenuProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { formatCount } from '../../../components/layout/public-page-layout.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { PaymentStatusTag } from './payment-status-tag.tsx';
import './payments.css';

const RECORD_FORMS = { one: 'запись', few: 'записи', many: 'записей' };

export type PaymentAction = 'receipt' | 'cancel' | 'mark-paid';

type PaymentsTableProps = {
  payments: Payment[];
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  loading: boolean;
  /** Cards instead of the table (phones). */
  compact: boolean;
  /** The super admin's list names the company of each payment. */
  showCompany?: boolean;
  /** The actions offered for a payment, in menu order. */
  actionsOf: (payment: Payment) => PaymentAction[];
  onAction: (action: PaymentAction, payment: Payment) => void;
  empty: ReactNode;
};

const ACTION_LABELS: Record<PaymentAction, string> = {
  receipt: 'Счёт / квитанция',
  'mark-paid': 'Отметить оплаченным',
  cancel: 'Отменить счёт',
};

function ActionsMenu({
  payment,
  actions,
  onAction,
}: {
  payment: Payment;
  actions: PaymentAction[];
  onAction: PaymentsTableProps['onAction'];
}) {
  if (actions.length === 0) return null;
  const items: MenuProps['items'] = actions.map((action) => ({
    key: action,
    label:
      action === 'receipt' && payment.status === 'PAID'
        ? 'Квитанция'
        : action === 'receipt'
          ? 'Счёт'
          : ACTION_LABELS[action],
    danger: action === 'cancel',
  }));
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, onClick: ({ key }) => onAction(key as PaymentAction, payment) }}
    >
      <Button
        type="text"
        icon={<EllipsisOutlined />}
        aria-label={`Действия: счёт ${payment.number}`}
      />
    </Dropdown>
  );
}

function periodText(payment: Payment): string {
  if (payment.periodStart && payment.periodEnd) {
    return `${formatDate(payment.periodStart)} — ${formatDate(payment.periodEnd)}`;
  }
  return `${payment.months} мес.`;
}

/** Payments as a compact table (cards on phones), paged on the server. */
export function PaymentsTable({
  payments,
  total,
  page,
  pageSize,
  onPageChange,
  loading,
  compact,
  showCompany = false,
  actionsOf,
  onAction,
  empty,
}: PaymentsTableProps) {
  if (compact) {
    if (!loading && payments.length === 0) return <Card variant="borderless">{empty}</Card>;
    return (
      <>
        <div className="smena-payment-cards" aria-busy={loading}>
          {payments.map((payment) => (
            <Card key={payment.id} size="small" variant="borderless">
              <div className="smena-payment-card__head">
                <div>
                  <div className="smena-payment-card__title">
                    {payment.number} · {formatRubles(payment.amountKopecks)}
                  </div>
                  {showCompany && <div>{payment.companyTitle}</div>}
                  <div>от {formatDate(payment.createdAt)}</div>
                </div>
                <ActionsMenu payment={payment} actions={actionsOf(payment)} onAction={onAction} />
              </div>
              <div className="smena-payment-card__facts">
                <PaymentStatusTag status={payment.status} />
                <span>{payment.users} польз.</span>
                <span>{periodText(payment)}</span>
                <span>{paymentProviderLabels[payment.provider]}</span>
              </div>
            </Card>
          ))}
        </div>
        <Pagination
          size="small"
          current={page}
          pageSize={pageSize}
          total={total}
          onChange={onPageChange}
          showTotal={(count) => formatCount(count, RECORD_FORMS)}
          showSizeChanger={false}
        />
      </>
    );
  }

  const columns: ColumnsType<Payment> = [
    { key: 'number', title: '№', dataIndex: 'number', width: 110 },
    ...(showCompany
      ? [{ key: 'company', title: 'Компания', dataIndex: 'companyTitle', ellipsis: true }]
      : []),
    {
      key: 'createdAt',
      title: 'Создан',
      render: (_, payment) => formatDate(payment.createdAt),
      width: 110,
    },
    { key: 'plan', title: 'Тариф', dataIndex: 'planTitle' },
    { key: 'users', title: 'Польз.', dataIndex: 'users', align: 'right', width: 80 },
    { key: 'period', title: 'Период', render: (_, payment) => periodText(payment) },
    {
      key: 'amount',
      title: 'Сумма',
      align: 'right',
      render: (_, payment) => formatRubles(payment.amountKopecks),
    },
    {
      key: 'provider',
      title: 'Способ',
      render: (_, payment) => paymentProviderLabels[payment.provider],
    },
    {
      key: 'status',
      title: 'Статус',
      render: (_, payment) => <PaymentStatusTag status={payment.status} />,
    },
    {
      key: 'actions',
      width: 56,
      render: (_, payment) => (
        <ActionsMenu payment={payment} actions={actionsOf(payment)} onAction={onAction} />
      ),
    },
  ];

  return (
    <Table<Payment>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={payments}
      loading={loading}
      scroll={{ x: showCompany ? 1100 : 900 }}
      locale={{ emptyText: loading ? ' ' : empty }}
      pagination={{
        current: page,
        pageSize,
        total,
        onChange: onPageChange,
        showSizeChanger: false,
        showTotal: (count) => formatCount(count, RECORD_FORMS),
        hideOnSinglePage: true,
      }}
    />
  );
}
