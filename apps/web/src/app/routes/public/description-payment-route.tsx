import { Link } from 'react-router';
import { Card, Col, Row, Steps, Table, Typography, type StepsProps } from 'antd';
import { CreditCardOutlined, FileDoneOutlined, TeamOutlined } from '@ant-design/icons';
import {
  GRACE_PERIOD_DAYS,
  PAYMENT_PERIODS,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  TRIAL_DAYS,
  TRIAL_USER_LIMIT,
  discountPercentFor,
  formatRubles,
  quotePrice,
  type PaymentPeriod,
  type PublicPlan,
} from '@smena/contract';
import {
  CallToAction,
  FeatureCard,
  LinkButton,
  PublicPageLayout,
  PublicSection,
  formatCount,
  pluralForm,
} from '../../../components/layout/public-page-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { usePublicPlans } from '../../../features/plans/api/get-public-plans.ts';
import styles from './public-pages.module.css';

const { Paragraph, Text } = Typography;

const TARIFF_PAGE = `«${titles.company.plan}»`;

const MONTH_FORMS = { one: 'месяц', few: 'месяца', many: 'месяцев' };
const DAY_FORMS = { one: 'день', few: 'дня', many: 'дней' };
const USERS_FORMS = { one: 'пользователя', few: 'пользователей', many: 'пользователей' };

const paymentSteps: StepsProps['items'] = [
  {
    status: 'process',
    title: 'Откройте тариф',
    content: `Раздел ${TARIFF_PAGE} в меню администратора.`,
  },
  {
    status: 'process',
    title: 'Выберите параметры',
    content: 'Количество пользователей и период оплаты. Итоговая сумма пересчитывается сразу.',
  },
  {
    status: 'process',
    title: 'Оплатите',
    content:
      'Картой на защищённой странице платёжного провайдера или по счёту — смотря как подключена оплата.',
  },
  {
    status: 'process',
    title: 'Работайте дальше',
    content:
      'Оплаченный период и лимит пользователей обновятся сами; счёт и квитанция останутся в истории платежей.',
  },
];

/** The default plan first (the server orders them so). */
function mainPlan(plans: PublicPlan[] | undefined): PublicPlan | undefined {
  return plans?.find((plan) => plan.isDefault) ?? plans?.[0];
}

export function Component() {
  const plans = usePublicPlans();
  const plan = mainPlan(plans.data?.items);
  const graceDays = plans.data?.gracePeriodDays ?? GRACE_PERIOD_DAYS;
  return (
    <PublicPageLayout
      title="Оплата"
      subtitle={`Как устроена оплата ${PRODUCT_NAME}: из чего складывается стоимость, как оплатить и что происходит, когда оплаченный период заканчивается.`}
    >
      <PriceSection
        plan={plan}
        others={(plans.data?.items ?? []).filter((item) => item !== plan)}
      />
      <PeriodsSection plan={plan} />
      <PublicSection title="Как оплатить">
        <Paragraph className={styles.lead}>
          Тариф, счета и оплату видит и ведёт только <strong>администратор компании</strong>.
          Менеджеры и сотрудники увидят предупреждение, когда оплаченный период подходит к концу.
        </Paragraph>
        <Steps orientation="vertical" current={-1} items={paymentSteps} />
      </PublicSection>
      <PaymentDetailsSection />
      <PublicSection title="Когда оплаченный период закончился">
        <Paragraph className={styles.lead}>
          После окончания оплаченного или пробного периода у вас есть ещё{' '}
          <strong>{formatCount(graceDays, DAY_FORMS)}</strong>: всё работает как прежде, а над
          страницами появляется напоминание об оплате.
        </Paragraph>
        <Paragraph className={styles.lead}>
          Потом компания переходит в режим <strong>только для чтения</strong>: сотрудники, графики,
          отметки и отчёты можно смотреть и выгружать, но новые отметки и изменения недоступны.
          Данные сохраняются полностью — после оплаты работа продолжается с того же места, а новый
          период отсчитывается от дня оплаты.
        </Paragraph>
        <Paragraph className={styles.lead}>
          Если вы оплачиваете заранее, новые месяцы добавляются к концу текущего периода — ни один
          оплаченный день не теряется.
        </Paragraph>
      </PublicSection>
      <CallToAction
        title="Остались вопросы?"
        actions={
          <>
            <LinkButton to={paths.public.support} type="primary">
              Написать в поддержку
            </LinkButton>
            <LinkButton to={paths.public.refund}>Условия возврата</LinkButton>
          </>
        }
      >
        Если оплата прошла по ошибке или сервис вам не подошёл, деньги можно вернуть на условиях,
        описанных на странице <Link to={paths.public.refund}>«Возврат средств»</Link>. По вопросам
        оплаты пишите на <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </CallToAction>
    </PublicPageLayout>
  );
}

function PriceSection({ plan, others }: { plan: PublicPlan | undefined; others: PublicPlan[] }) {
  const trialDays = plan?.trialDays ?? TRIAL_DAYS;
  return (
    <PublicSection title="Стоимость">
      <Paragraph className={styles.lead}>
        Оплата считается за каждого <strong>активного пользователя в месяц</strong>. Активный
        пользователь — это администратор, менеджер или сотрудник, у которого есть доступ к компании.
        Уволенные и отключённые сотрудники в оплату не входят.
      </Paragraph>
      {plan ? (
        <Card className={styles.periodCard} style={{ marginBottom: 16, maxWidth: 520 }}>
          <Text type="secondary">Тариф «{plan.title}»</Text>
          <div className={styles.periodNumber}>{formatRubles(plan.pricePerUserKopecks)}</div>
          <div className={styles.periodUnit}>за пользователя в месяц</div>
          <Text type="secondary">
            Оплата — не меньше чем за {formatCount(plan.minUsers, USERS_FORMS)}.
          </Text>
        </Card>
      ) : (
        <Paragraph className={styles.lead}>
          Цена за пользователя в месяц определяется действующим тарифом и указана в личном кабинете
          на странице {TARIFF_PAGE}.
        </Paragraph>
      )}
      <Paragraph className={styles.lead}>
        Итоговая сумма — это цена, умноженная на количество пользователей и количество месяцев, с
        учётом скидки за выбранный период. На странице {TARIFF_PAGE} сумма считается так же, как в
        счёте: сколько вы видите, столько и платите.
      </Paragraph>
      <Paragraph className={styles.lead}>
        Новые компании первые {formatCount(trialDays, DAY_FORMS)} пользуются сервисом бесплатно —
        для команды до {formatCount(TRIAL_USER_LIMIT, USERS_FORMS)}.
      </Paragraph>
      {others.length > 0 && (
        <Table<PublicPlan>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 520 }}
          dataSource={others}
          columns={[
            { key: 'title', title: 'Другие тарифы', dataIndex: 'title' },
            {
              key: 'price',
              title: 'За пользователя в месяц',
              align: 'right',
              render: (_, item) => formatRubles(item.pricePerUserKopecks),
            },
            {
              key: 'min',
              title: 'Минимум',
              align: 'right',
              render: (_, item) => `${item.minUsers} польз.`,
            },
          ]}
        />
      )}
    </PublicSection>
  );
}

function periodNote(plan: PublicPlan | undefined, months: PaymentPeriod): string {
  if (!plan) {
    return months === 1 ? 'Без скидки — удобно, чтобы начать' : 'Со скидкой за период';
  }
  const percent = discountPercentFor(plan, months);
  if (percent === 0) return 'Без скидки';
  // The price of a month of one seat after the discount, as the shared price function gives it.
  const perMonth = Math.round(quotePrice(plan, 1, months).totalKopecks / months);
  return `Скидка ${percent} % — ${formatRubles(perMonth)} за пользователя в месяц`;
}

function PeriodsSection({ plan }: { plan: PublicPlan | undefined }) {
  return (
    <PublicSection title="Период оплаты">
      <Paragraph className={styles.lead}>
        Подписку можно оплатить на 1, 3, 6 или 12 месяцев. Чем длиннее период, тем больше скидка.
      </Paragraph>
      <Row gutter={[16, 16]}>
        {PAYMENT_PERIODS.map((months) => (
          <Col key={months} xs={12} md={6}>
            <Card className={styles.periodCard}>
              <div className={styles.periodNumber}>{months}</div>
              <div className={styles.periodUnit}>{pluralForm(months, MONTH_FORMS)}</div>
              <Text type="secondary">{periodNote(plan, months)}</Text>
            </Card>
          </Col>
        ))}
      </Row>
      {plan && (
        <Paragraph className={styles.note} style={{ marginTop: 16 }}>
          Пример: {plan.minUsers} польз. на 12 месяцев —{' '}
          {formatRubles(quotePrice(plan, plan.minUsers, 12).totalKopecks)} вместо{' '}
          {formatRubles(quotePrice(plan, plan.minUsers, 12).subtotalKopecks)}.
        </Paragraph>
      )}
    </PublicSection>
  );
}

function PaymentDetailsSection() {
  return (
    <PublicSection title="Карты, документы и лимит пользователей">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <FeatureCard icon={<CreditCardOutlined />} title="Карта или счёт">
            Картой платят на странице платёжного провайдера: данные карты вводятся только там —{' '}
            {PRODUCT_NAME} их не получает и не хранит. Компании, которым удобнее платить по счёту,
            получают счёт в истории платежей.
          </FeatureCard>
        </Col>
        <Col xs={24} md={8}>
          <FeatureCard icon={<FileDoneOutlined />} title="Счета и квитанции">
            Каждый счёт и квитанцию об оплате можно открыть и распечатать в истории платежей на
            странице {TARIFF_PAGE}. При оплате картой кассовый чек по 54-ФЗ приходит на электронную
            почту.
          </FeatureCard>
        </Col>
        <Col xs={24} md={8}>
          <FeatureCard icon={<TeamOutlined />} title="Лимит пользователей">
            Количество оплаченных пользователей — это лимит компании. Чтобы пригласить больше людей,
            оплатите больший лимит на странице {TARIFF_PAGE} или отключите тех, кто у вас больше не
            работает.
          </FeatureCard>
        </Col>
      </Row>
    </PublicSection>
  );
}
