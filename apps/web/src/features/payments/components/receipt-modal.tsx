import { PrinterOutlined } from '@ant-design/icons';
import { formatRubles, paymentProviderLabels, type PaymentReceipt } from '@smena/contract';
import { Alert, Button, Grid, Modal, Skeleton } from 'antd';
import { formatDate } from '../../../lib/dates.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useReceipt, type ReceiptScope } from '../api/get-receipt.ts';
import { PaymentStatusTag } from './payment-status-tag.tsx';
import './payments.css';

/** The invoice or receipt as a printable document. */
export function ReceiptDocument({ receipt }: { receipt: PaymentReceipt }) {
  const isReceipt = receipt.kind === 'RECEIPT';
  return (
    <article className="smena-receipt" aria-label={isReceipt ? 'Квитанция' : 'Счёт'}>
      <div className="smena-receipt__head">
        <div>
          <h2 className="smena-receipt__title">
            {isReceipt ? 'Квитанция об оплате' : 'Счёт на оплату'} № {receipt.number}
          </h2>
          <div>от {formatDate(receipt.issuedAt)}</div>
        </div>
        <PaymentStatusTag status={receipt.status} />
      </div>
      <div className="smena-receipt__parties">
        <div>
          <div className="smena-receipt__label">Исполнитель</div>
          <div>{receipt.seller.name}</div>
          <div>{receipt.seller.email}</div>
        </div>
        <div>
          <div className="smena-receipt__label">Заказчик</div>
          <div>{receipt.buyer.title}</div>
          <div>
            {receipt.buyer.email}, {receipt.buyer.phone}
          </div>
        </div>
      </div>
      <table className="smena-receipt__lines">
        <thead>
          <tr>
            <th>Наименование</th>
            <th>Польз.</th>
            <th>Мес.</th>
            <th>Цена</th>
            <th>Сумма</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Подписка, тариф «{receipt.planTitle}»</td>
            <td>{receipt.users}</td>
            <td>{receipt.months}</td>
            <td>{formatRubles(receipt.pricePerUserKopecks)}</td>
            <td>{formatRubles(receipt.subtotalKopecks)}</td>
          </tr>
          {receipt.discountKopecks > 0 && (
            <tr>
              <td colSpan={4}>Скидка {receipt.discountPercent} %</td>
              <td>−{formatRubles(receipt.discountKopecks)}</td>
            </tr>
          )}
          <tr className="smena-receipt__total">
            <td colSpan={4}>{isReceipt ? 'Оплачено' : 'К оплате'}</td>
            <td>{formatRubles(receipt.amountKopecks)}</td>
          </tr>
        </tbody>
      </table>
      <div>Без НДС. Способ оплаты: {paymentProviderLabels[receipt.provider]}.</div>
      {isReceipt && (
        <div>
          Оплачено {formatDate(receipt.paidAt)}
          {receipt.periodStart && receipt.periodEnd
            ? `, период с ${formatDate(receipt.periodStart)} по ${formatDate(receipt.periodEnd)}`
            : ''}
          {receipt.transactionId ? `, транзакция ${receipt.transactionId}` : ''}.
        </div>
      )}
    </article>
  );
}

/** Opens the document of payment `paymentId` (null closes it) with a print button. */
export function ReceiptModal({
  scope,
  paymentId,
  onClose,
}: {
  scope: ReceiptScope;
  paymentId: number | null;
  onClose: () => void;
}) {
  const screens = Grid.useBreakpoint();
  const receipt = useReceipt(scope, paymentId);
  return (
    <Modal
      open={paymentId !== null}
      onCancel={onClose}
      title={receipt.data?.kind === 'RECEIPT' ? 'Квитанция' : 'Счёт'}
      width={screens.md === false ? '100%' : 720}
      footer={[
        <Button key="close" onClick={onClose}>
          Закрыть
        </Button>,
        <Button
          key="print"
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!receipt.data}
          onClick={() => window.print()}
        >
          Печать
        </Button>,
      ]}
    >
      {receipt.isPending && <Skeleton active />}
      {receipt.isError && <Alert type="error" showIcon title={getErrorMessage(receipt.error)} />}
      {receipt.data && <ReceiptDocument receipt={receipt.data} />}
    </Modal>
  );
}
