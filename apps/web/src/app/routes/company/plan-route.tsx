import { formatRubles } from '@smena/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { Page } from '../../../components/layout/page.tsx';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { useCreatePayment } from '../../../features/payments/api/create-payment.ts';
import { usePaymentConfig } from '../../../features/payments/api/get-payment-config.ts';
import {
  loadCloudPayments,
  payWithCloudPayments,
} from '../../../features/payments/cloudpayments-widget.ts';
import { CompanyPayments } from '../../../features/payments/components/company-payments.tsx';
import { paymentsQueryKey } from '../../../features/payments/api/keys.ts';
import {
  companyPlanQueryKey,
  useCompanyPlan,
} from '../../../features/plans/api/get-company-plan.ts';
import { PlanOverview } from '../../../features/plans/components/plan-overview.tsx';
import {
  PriceCalculator,
  type PayInput,
} from '../../../features/plans/components/price-calculator.tsx';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { userDataQueryKey } from '../../../lib/query-client.ts';

/** After the card form says yes, the server learns it from CloudPayments a moment later. */
const CONFIRMATION_POLLS_MS = [2_000, 5_000, 10_000, 20_000];

/**
 * «Тариф и оплата»: the plan, seats and paid period; users and period with the live price; paying
 * when the server allows it; the payment history with invoices and receipts. Only the company's
 * ADMIN opens this page (config/access.ts).
 */
export function Component() {
  const queryClient = useQueryClient();
  const plan = useCompanyPlan();
  const paymentConfig = usePaymentConfig();
  const createPayment = useCreatePayment();
  const [paying, setPaying] = useState(false);
  const [invoiceId, setInvoiceId] = useState<number | null>(null);
  const canPay = plan.data?.canPay ?? false;
  const isCards = paymentConfig.data?.paymentProvider === 'cloudpayments';

  // The card widget is fetched ahead, and only here, only when the installation takes cards.
  useEffect(() => {
    if (isCards && canPay) loadCloudPayments().catch(() => undefined);
  }, [isCards, canPay]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companyPlanQueryKey }),
      queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
    ]);

  const pollConfirmation = () => {
    for (const delay of CONFIRMATION_POLLS_MS) {
      window.setTimeout(() => {
        void refresh();
        void queryClient.invalidateQueries({ queryKey: paymentsQueryKey });
      }, delay);
    }
  };

  const pay = async (input: PayInput) => {
    setPaying(true);
    try {
      const { payment, checkout } = await createPayment.mutateAsync(input);
      const sum = formatRubles(payment.amountKopecks);
      if (checkout.provider === 'manual') {
        notify.success(
          `Счёт ${payment.number} на ${sum} выставлен. Тариф продлится, когда оплата поступит.`,
          'Счёт выставлен',
        );
        setInvoiceId(payment.id);
        return;
      }
      let outcome;
      try {
        outcome = await payWithCloudPayments(checkout);
      } catch (error) {
        notify.error(error instanceof Error ? error.message : getErrorMessage(error), 'Оплата');
        return;
      }
      if (outcome === 'success') {
        notify.success(
          `Платёж на ${sum} принят. Оплаченный период обновится в течение минуты.`,
          'Оплата прошла',
        );
        pollConfirmation();
      } else if (outcome === 'fail') {
        notify.error(
          'Банк отклонил платёж. Попробуйте другую карту или повторите позже.',
          'Оплата не прошла',
        );
      } else {
        notify.info('Оплата не завершена. Вы можете вернуться к ней в любой момент.');
      }
    } finally {
      setPaying(false);
      void refresh();
    }
  };

  return (
    <Page title={titles.company.plan}>
      {plan.isPending && <Skeleton active />}
      {plan.isError && (
        <Alert
          type="error"
          showIcon
          title="Не удалось загрузить тариф"
          description={getErrorMessage(plan.error)}
          action={<Button onClick={() => void plan.refetch()}>Повторить</Button>}
        />
      )}
      {plan.data && (
        <>
          <PlanOverview plan={plan.data} />
          <PriceCalculator
            plans={plan.data.availablePlans}
            activeUsers={plan.data.activeUsers}
            userLimit={plan.data.userLimit}
            paidUntil={plan.data.paidUntil}
            canPay={canPay}
            provider={plan.data.provider}
            paying={paying}
            onPay={pay}
          />
          <CompanyPayments
            canManage={canPay}
            openReceiptId={invoiceId}
            onReceiptClosed={() => setInvoiceId(null)}
          />
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 16 }}
            title="Как устроена оплата"
            description={
              <>
                Цены, скидки за период и что происходит после окончания оплаты — на странице{' '}
                <Link to={paths.public.descriptionPayment}>«Оплата»</Link>. Условия возврата — на
                странице <Link to={paths.public.refund}>«Возврат средств»</Link>.
              </>
            }
          />
        </>
      )}
    </Page>
  );
}
