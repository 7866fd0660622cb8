import {
  PAYMENT_PERIODS,
  PAYMENT_USERS_MAX,
  SUPPORT_EMAIL,
  extendPaidUntil,
  formatRubles,
  minimumPaidUsers,
  quotePrice,
  type PaymentPeriod,
  type PaymentProvider,
  type PublicPlan,
} from '@smena/contract';
import { Alert, Button, Card, Form, InputNumber, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { formatDate } from '../../../lib/dates.ts';
import { applyServerFieldErrors } from '../../../lib/form.ts';
import { discountLabel, periodLabel, pricePerUserLabel } from '../plan-format.ts';
import './plans.css';

export type PayInput = { planId: number; users: number; months: PaymentPeriod };

type PriceCalculatorProps = {
  /** Plans the company may pay for, its current plan first. */
  plans: PublicPlan[];
  activeUsers: number;
  userLimit: number;
  paidUntil: string | null;
  canPay: boolean;
  provider: PaymentProvider;
  paying: boolean;
  /** Starts the payment; a rejected promise with field errors puts them under the fields. */
  onPay: (input: PayInput) => Promise<unknown>;
  /** The clock (tests fix it). */
  now?: () => Date;
};

type FormValues = { planId: number; users: number | null };

/**
 * Users and period with the price computed live by the same function the server charges with
 * (`quotePrice` of the contract), so that the sum on the button is the sum of the invoice.
 */
export function PriceCalculator({
  plans,
  activeUsers,
  userLimit,
  paidUntil,
  canPay,
  provider,
  paying,
  onPay,
  now = () => new Date(),
}: PriceCalculatorProps) {
  const [form] = Form.useForm<FormValues>();
  const firstPlan = plans[0];
  const [months, setMonths] = useState<PaymentPeriod>(1);
  const planId = Form.useWatch('planId', form) ?? firstPlan?.id;
  const users = Form.useWatch('users', form);

  if (!firstPlan) {
    return (
      <Alert
        type="warning"
        showIcon
        title="Сейчас нет тарифов для оплаты"
        description="Напишите в поддержку — мы подскажем, как продлить доступ."
      />
    );
  }

  const plan = plans.find((item) => item.id === planId) ?? firstPlan;
  const minimum = minimumPaidUsers(plan, activeUsers);
  const validUsers =
    typeof users === 'number' &&
    Number.isInteger(users) &&
    users >= minimum &&
    users <= PAYMENT_USERS_MAX;
  const quote = validUsers ? quotePrice(plan, users, months) : null;
  const until = extendPaidUntil(paidUntil ? new Date(paidUntil) : null, now(), months);
  const isInvoice = provider === 'manual';

  const submit = async (values: FormValues) => {
    if (!validUsers || values.users === null) return;
    try {
      await onPay({ planId: plan.id, users: values.users, months });
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) notify.apiError(error);
    }
  };

  return (
    <Card title="Продлить или изменить тариф" variant="borderless" className="smena-plan-calc">
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ planId: firstPlan.id, users: Math.max(userLimit, minimum) }}
        onFinish={(values) => void submit(values)}
      >
        {plans.length > 1 && (
          <Form.Item name="planId" label="Тариф">
            <Select
              style={{ maxWidth: 640 }}
              options={plans.map((item) => ({
                value: item.id,
                label: `${item.title} — ${pricePerUserLabel(item.pricePerUserKopecks)}`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="users"
          label="Количество пользователей"
          extra={`Не меньше ${minimum}: ${
            minimum === activeUsers && activeUsers > plan.minUsers
              ? 'столько активных пользователей в компании сейчас'
              : `минимум тарифа «${plan.title}»`
          }.`}
          rules={[
            { required: true, message: 'Укажите количество пользователей' },
            {
              type: 'integer',
              min: minimum,
              max: PAYMENT_USERS_MAX,
              message: `От ${minimum} до ${PAYMENT_USERS_MAX}`,
            },
          ]}
        >
          <InputNumber<number>
            min={1}
            max={PAYMENT_USERS_MAX}
            precision={0}
            style={{ width: 180 }}
          />
        </Form.Item>
        <Form.Item label="Период оплаты" required>
          <Segmented<PaymentPeriod>
            block
            aria-label="Период оплаты"
            className="smena-plan-calc__periods"
            value={months}
            onChange={setMonths}
            options={PAYMENT_PERIODS.map((period) => ({
              value: period,
              label: (
                <span className="smena-plan-calc__period">
                  <span>{periodLabel(period)}</span>
                  {discountLabel(plan, period) && (
                    <span className="smena-plan-calc__discount">{discountLabel(plan, period)}</span>
                  )}
                </span>
              ),
            }))}
          />
        </Form.Item>

        <div className="smena-plan-calc__summary" aria-live="polite" data-testid="price-summary">
          {quote ? (
            <>
              <div className="smena-plan-calc__row">
                <span>
                  {formatRubles(quote.pricePerUserKopecks)} × {quote.users} польз. × {quote.months}{' '}
                  мес.
                </span>
                <span>{formatRubles(quote.subtotalKopecks)}</span>
              </div>
              {quote.discountKopecks > 0 && (
                <div className="smena-plan-calc__row smena-plan-calc__row--discount">
                  <span>
                    Скидка {quote.discountPercent} % за {periodLabel(months)}
                  </span>
                  <span>−{formatRubles(quote.discountKopecks)}</span>
                </div>
              )}
              <div className="smena-plan-calc__row smena-plan-calc__row--total">
                <span>Итого</span>
                <span data-testid="price-total">{formatRubles(quote.totalKopecks)}</span>
              </div>
              <Typography.Text type="secondary">
                {isInvoice ? 'После оплаты счёта' : 'После оплаты'} тариф будет действовать до{' '}
                {formatDate(until)}, лимит — {quote.users} польз.
              </Typography.Text>
            </>
          ) : (
            <Typography.Text type="secondary">
              Укажите количество пользователей, чтобы увидеть сумму.
            </Typography.Text>
          )}
        </div>

        {canPay ? (
          <Button
            type="primary"
            size="large"
            htmlType="submit"
            loading={paying}
            disabled={!quote}
            className="smena-plan-calc__pay"
          >
            {quote
              ? `${isInvoice ? 'Выставить счёт на' : 'Оплатить'} ${formatRubles(quote.totalKopecks)}`
              : isInvoice
                ? 'Выставить счёт'
                : 'Оплатить'}
          </Button>
        ) : (
          <Alert
            type="info"
            showIcon
            title="Оплатить тариф может только администратор компании"
            description="Передайте ему этот расчёт — сумма пересчитается так же и у него."
          />
        )}
        {canPay && isInvoice && (
          <Typography.Paragraph type="secondary" className="smena-plan-calc__note">
            Счёт появится в истории платежей ниже, его можно распечатать. Реквизиты для оплаты
            пришлёт поддержка ({SUPPORT_EMAIL}); когда деньги поступят, мы отметим счёт оплаченным и
            тариф продлится.
          </Typography.Paragraph>
        )}
      </Form>
    </Card>
  );
}
