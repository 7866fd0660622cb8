import { SearchOutlined } from '@ant-design/icons';
import {
  formatRubles,
  paymentProviderLabels,
  paymentStatusLabels,
  type Payment,
  type PaymentProvider,
  type PaymentStatus,
} from '@smena/contract';
import { App, DatePicker, Empty, Grid, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { useAdminPayments, type AdminPaymentsFilter } from '../api/get-payments.ts';
import { useAdminCancelPayment, useMarkPaymentPaid } from '../api/decide-payment.ts';
import { PaymentsTable, type PaymentAction } from './payments-table.tsx';
import { ReceiptModal } from './receipt-modal.tsx';
import './payments.css';

const PAGE_SIZE = 20;

const STATUS_OPTIONS = (Object.keys(paymentStatusLabels) as PaymentStatus[]).map((status) => ({
  value: status,
  label: paymentStatusLabels[status],
}));
const PROVIDER_OPTIONS = (Object.keys(paymentProviderLabels) as PaymentProvider[]).map(
  (provider) => ({ value: provider, label: paymentProviderLabels[provider] }),
);

function actionsOf(payment: Payment): PaymentAction[] {
  const actions: PaymentAction[] = [];
  if (payment.status === 'PENDING' || payment.status === 'PAID') actions.push('receipt');
  if (payment.status === 'PENDING' || payment.status === 'FAILED') {
    actions.push('mark-paid', 'cancel');
  }
  return actions;
}

/**
 * Every company's payments for the super admin: search by company or invoice number, filters by
 * status, method and dates; a manual invoice is marked paid (the company's plan is extended) or
 * cancelled here.
 */
export function AdminPayments() {
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PaymentStatus | undefined>('PENDING');
  const [provider, setProvider] = useState<PaymentProvider | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const [receiptId, setReceiptId] = useState<number | null>(null);

  const filter: AdminPaymentsFilter = {
    page,
    limit: PAGE_SIZE,
    search: search.trim() || undefined,
    status,
    provider,
    from: range?.[0]?.format(DATE_FORMAT),
    to: range?.[1]?.format(DATE_FORMAT),
  };
  const payments = useAdminPayments(filter);
  const markPaid = useMarkPaymentPaid();
  const cancel = useAdminCancelPayment();

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const confirmMarkPaid = (payment: Payment) => {
    modal.confirm({
      title: `Отметить счёт ${payment.number} оплаченным?`,
      content: `Компания «${payment.companyTitle}»: ${formatRubles(payment.amountKopecks)}. Оплаченный период продлится на ${payment.months} мес., лимит станет ${payment.users} польз. Отменить это действие нельзя.`,
      okText: 'Оплачен',
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await markPaid.mutateAsync(payment.id);
          notify.success(`Счёт ${payment.number} оплачен, тариф компании продлён`);
        } catch {
          // The query client has shown the server's message.
        }
      },
    });
  };

  const confirmCancel = (payment: Payment) => {
    modal.confirm({
      title: 'Вы уверены?',
      content: `Счёт ${payment.number} компании «${payment.companyTitle}» будет отменён: оплатить его будет нельзя.`,
      okText: 'Отменить счёт',
      okButtonProps: { danger: true },
      cancelText: 'Назад',
      onOk: async () => {
        try {
          await cancel.mutateAsync(payment.id);
          notify.success(`Счёт ${payment.number} отменён`);
        } catch {
          // The query client has shown the server's message.
        }
      },
    });
  };

  const onAction = (action: PaymentAction, payment: Payment) => {
    if (action === 'receipt') setReceiptId(payment.id);
    else if (action === 'mark-paid') confirmMarkPaid(payment);
    else confirmCancel(payment);
  };

  const filtered = Boolean(filter.search || filter.provider || filter.from || filter.to);

  return (
    <>
      <div className="smena-payments-filters">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Компания или номер счёта"
          aria-label="Поиск платежей"
          className="smena-payments-filters__search"
          value={search}
          onChange={(event) => change(setSearch)(event.target.value)}
        />
        <Select<PaymentStatus>
          allowClear
          placeholder="Все статусы"
          aria-label="Статус"
          className="smena-payments-filters__select"
          options={STATUS_OPTIONS}
          value={status}
          onChange={change(setStatus)}
        />
        <Select<PaymentProvider>
          allowClear
          placeholder="Все способы"
          aria-label="Способ оплаты"
          className="smena-payments-filters__select"
          options={PROVIDER_OPTIONS}
          value={provider}
          onChange={change(setProvider)}
        />
        <DatePicker.RangePicker
          className="smena-payments-filters__dates"
          format={DATE_FORMAT}
          placeholder={['Создан с', 'по']}
          aria-label="Даты создания"
          value={range}
          onChange={(value) => change(setRange)(value)}
        />
      </div>
      <PaymentsTable
        payments={payments.data?.items ?? []}
        total={payments.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        loading={payments.isPending || (payments.isFetching && payments.isPlaceholderData)}
        compact={isPhone}
        showCompany
        actionsOf={actionsOf}
        onAction={onAction}
        empty={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              filtered || status
                ? status === 'PENDING' && !filtered
                  ? 'Неоплаченных счетов нет. Выберите «Все статусы», чтобы увидеть историю.'
                  : 'Ничего не найдено: измените условия поиска.'
                : 'Платежей пока нет. Они появятся, когда компании начнут оплачивать тариф.'
            }
          />
        }
      />
      <ReceiptModal scope="admin" paymentId={receiptId} onClose={() => setReceiptId(null)} />
    </>
  );
}
