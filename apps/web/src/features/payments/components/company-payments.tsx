import type { Payment } from '@smena/contract';
import { App, Card, Empty, Grid } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { useCancelPayment } from '../api/decide-payment.ts';
import { usePayments } from '../api/get-payments.ts';
import { PaymentsTable, type PaymentAction } from './payments-table.tsx';
import { ReceiptModal } from './receipt-modal.tsx';

const PAGE_SIZE = 10;

/**
 * The company's payment history with invoices and receipts; its ADMIN may withdraw an unpaid
 * invoice. `openReceiptId` opens a document from outside (a new invoice right after it is made).
 */
export function CompanyPayments({
  canManage,
  openReceiptId,
  onReceiptClosed,
}: {
  canManage: boolean;
  openReceiptId?: number | null;
  onReceiptClosed?: () => void;
}) {
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [page, setPage] = useState(1);
  const [receiptId, setReceiptId] = useState<number | null>(null);
  const payments = usePayments({ page, limit: PAGE_SIZE });
  const cancel = useCancelPayment();
  const shownReceipt = openReceiptId ?? receiptId;

  const actionsOf = (payment: Payment): PaymentAction[] => [
    ...(payment.status === 'PENDING' || payment.status === 'PAID' ? ['receipt' as const] : []),
    ...(canManage && (payment.status === 'PENDING' || payment.status === 'FAILED')
      ? ['cancel' as const]
      : []),
  ];

  const onAction = (action: PaymentAction, payment: Payment) => {
    if (action === 'receipt') {
      setReceiptId(payment.id);
      return;
    }
    modal.confirm({
      title: 'Вы уверены?',
      content: `Счёт ${payment.number} будет отменён, оплатить его будет нельзя. Новый счёт можно выставить в любой момент.`,
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

  return (
    <Card title="История платежей" variant="borderless">
      <PaymentsTable
        payments={payments.data?.items ?? []}
        total={payments.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        loading={payments.isPending || (payments.isFetching && payments.isPlaceholderData)}
        compact={screens.md === false}
        actionsOf={actionsOf}
        onAction={onAction}
        empty={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="Платежей пока нет. Здесь появятся счета и квитанции после первой оплаты."
          />
        }
      />
      <ReceiptModal
        scope="company"
        paymentId={shownReceipt}
        onClose={() => {
          setReceiptId(null);
          onReceiptClosed?.();
        }}
      />
    </Card>
  );
}
