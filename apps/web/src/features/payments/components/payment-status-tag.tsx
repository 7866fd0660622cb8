import { paymentStatusLabels, type PaymentStatus } from '@smena/contract';
import { Tag } from 'antd';

const COLORS: Record<PaymentStatus, string> = {
  PENDING: 'gold',
  PAID: 'green',
  FAILED: 'red',
  CANCELLED: 'default',
};

export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  return <Tag color={COLORS[status]}>{paymentStatusLabels[status]}</Tag>;
}
