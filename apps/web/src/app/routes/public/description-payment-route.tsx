import { Link } from 'react-router';
import { Card, Col, Row, Steps, Typography, type StepsProps } from 'antd';
import { CreditCardOutlined, FileDoneOutlined, TeamOutlined } from '@ant-design/icons';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@smena/contract';
import {
  CallToAction,
  FeatureCard,
  LinkButton,
  PublicPageLayout,
  PublicSection,
  TRIAL_DAYS_TEXT,
  TRIAL_USERS_TEXT,
  pluralForm,
} from '../../../components/layout/public-page-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import styles from './public-pages.module.css';

const { Paragraph, Text } = Typography;

const TARIFF_PAGE = `«${titles.company.plan}»`;

const monthForms = { one: 'месяц', few: 'месяца', many: 'месяцев' };

type Period = { months: number; note: string };

const periods: Period[] = [
  { months: 1, note: 'Без скидки — удобно, чтобы начать' },
  { months: 3, note: 'Со скидкой за квартал' },
  { months: 6, note: 'Скидка больше, чем за квартал' },
  { months: 12, note: 'Самая выгодная цена месяца' },
];

const paymentSteps: StepsProps['items'] = [
  {
    status: 'process',
    title: 'Откройте тариф',
    content: `Раздел ${TARIFF_PAGE} в меню администратора.`,
  },
  {
    status: 'process',
    title: 'Выберите параметры',
    content: 'Количество пользователей и период оплаты. Итоговая сумма видна сразу.',
  },
  {
    status: 'process',
    title: 'Оплатите картой',
    content: 'На защищённой странице платёжного провайдера.',
  },
  {
    status: 'process',
    title: 'Получите чек',
    content: 'Кассовый чек придёт на электронную почту.',
  },
];

export function Component() {
  return (
    <PublicPageLayout
      title="Оплата"
      subtitle={`Как устроена оплата ${PRODUCT_NAME}: из чего складывается стоимость, как оплатить и что происходит, когда оплаченный период заканчивается.`}
    >
      <PriceSection />
      <PeriodsSection />
      <PublicSection title="Как оплатить">
        <Paragraph className={styles.lead}>
          Оплачивать подписку может только <strong>администратор компании</strong>. Менеджерам и
          сотрудникам оплата недоступна.
        </Paragraph>
        <Steps orientation="vertical" current={-1} items={paymentSteps} />
      </PublicSection>
      <PaymentDetailsSection />
      <PublicSection title="Когда оплаченный период закончился">
        <Paragraph className={styles.lead}>
          Компания переходит в режим <strong>только для чтения</strong>: сотрудники, графики,
          отметки и отчёты остаются доступны для просмотра, но новые отметки и изменения становятся
          недоступны. Данные при этом сохраняются полностью — после оплаты работа продолжается с
          того же места.
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

function PriceSection() {
  return (
    <PublicSection title="Стоимость">
      <Paragraph className={styles.lead}>
        Оплата считается за каждого <strong>активного пользователя в месяц</strong>. Активный
        пользователь — это администратор, менеджер или сотрудник, у которого есть доступ к компании.
        Уволенные и отключённые сотрудники в оплату не входят.
      </Paragraph>
      <Paragraph className={styles.lead}>
        Цена за пользователя в месяц определяется действующим тарифом и указана в личном кабинете на
        странице {TARIFF_PAGE}. Итоговая сумма — это цена, умноженная на количество пользователей и
        количество месяцев, с учётом скидки за выбранный период.
      </Paragraph>
      <Paragraph className={styles.lead}>
        Новые компании первые {TRIAL_DAYS_TEXT} пользуются сервисом бесплатно — для команды до{' '}
        {TRIAL_USERS_TEXT}.
      </Paragraph>
    </PublicSection>
  );
}

function PeriodsSection() {
  return (
    <PublicSection title="Период оплаты">
      <Paragraph className={styles.lead}>
        Подписку можно оплатить на 1, 3, 6 или 12 месяцев. Чем длиннее период, тем больше скидка;
        точный размер скидки показан на странице {TARIFF_PAGE} до оплаты.
      </Paragraph>
      <Row gutter={[16, 16]}>
        {periods.map((period) => (
          <Col key={period.months} xs={12} md={6}>
            <Card className={styles.periodCard}>
              <div className={styles.periodNumber}>{period.months}</div>
              <div className={styles.periodUnit}>{pluralForm(period.months, monthForms)}</div>
              <Text type="secondary">{period.note}</Text>
            </Card>
          </Col>
        ))}
      </Row>
    </PublicSection>
  );
}

function PaymentDetailsSection() {
  return (
    <PublicSection title="Карты, чеки и лимит пользователей">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <FeatureCard icon={<CreditCardOutlined />} title="Банковские карты">
            Оплата проходит на странице платёжного провайдера. Данные карты вводятся только там —{' '}
            {PRODUCT_NAME} их не получает и не хранит.
          </FeatureCard>
        </Col>
        <Col xs={24} md={8}>
          <FeatureCard icon={<FileDoneOutlined />} title="Чеки по 54-ФЗ">
            После каждой оплаты на электронную почту приходит кассовый чек, сформированный по
            требованиям 54-ФЗ.
          </FeatureCard>
        </Col>
        <Col xs={24} md={8}>
          <FeatureCard icon={<TeamOutlined />} title="Лимит пользователей">
            Количество оплаченных пользователей — это лимит компании. Чтобы пригласить больше людей,
            увеличьте лимит на странице {TARIFF_PAGE} или отключите тех, кто у вас больше не
            работает.
          </FeatureCard>
        </Col>
      </Row>
    </PublicSection>
  );
}
