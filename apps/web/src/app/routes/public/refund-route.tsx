import { Link } from 'react-router';
import { Button, Col, Row, Typography } from 'antd';
import {
  CalendarOutlined,
  CreditCardOutlined,
  MailOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@smena/contract';
import {
  BulletList,
  CallToAction,
  FeatureCard,
  LinkButton,
  PublicPageLayout,
  PublicSection,
} from '../../../components/layout/public-page-layout.tsx';
import { paths } from '../../../config/paths.ts';
import styles from './public-pages.module.css';

const { Paragraph } = Typography;

/** Days after a payment during which an unused payment is returned in full. */
const FULL_REFUND_DAYS = 14;
/** The longest time a confirmed refund takes, in working days. */
const REFUND_WORKING_DAYS = 10;

const requestDetails = [
  'Название компании и электронная почта администратора, под которой она зарегистрирована.',
  'Дата и сумма платежа.',
  'Последние четыре цифры карты, с которой прошла оплата.',
  'Номер кассового чека из письма об оплате, если письмо сохранилось.',
  'Причина возврата — по желанию, но она помогает нам сделать сервис лучше.',
];

export function Component() {
  return (
    <PublicPageLayout
      title="Возврат средств"
      subtitle={`Когда и как можно вернуть деньги за подписку ${PRODUCT_NAME}.`}
    >
      <ConditionsSection />
      <PublicSection title="Как запросить возврат">
        <Paragraph className={styles.lead}>
          Заявку на возврат отправляет администратор компании — напишите на{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> и укажите в письме:
        </Paragraph>
        <BulletList items={requestDetails} />
        <Paragraph className={styles.note}>
          Без этих данных мы не сможем найти платёж, поэтому можем попросить их уточнить.
        </Paragraph>
      </PublicSection>
      <TimingSection />
      <PublicSection title="Что будет с данными">
        <Paragraph className={styles.lead}>
          После возврата оплаченный период сокращается на возвращённые месяцы. Когда он закончится,
          компания перейдёт в режим только для чтения — как при обычном окончании оплаты. Все
          сотрудники, графики, отметки и отчёты сохранятся, и работу можно будет продолжить после
          новой оплаты.
        </Paragraph>
      </PublicSection>
      <CallToAction
        title="Нужно вернуть оплату?"
        actions={
          <>
            <Button type="primary" href={`mailto:${SUPPORT_EMAIL}`} icon={<MailOutlined />}>
              Написать {SUPPORT_EMAIL}
            </Button>
            <LinkButton to={paths.public.descriptionPayment}>Как устроена оплата</LinkButton>
          </>
        }
      >
        Обычно достаточно одного письма. Если что-то непонятно, загляните на страницу{' '}
        <Link to={paths.public.support}>«Поддержка»</Link>.
      </CallToAction>
    </PublicPageLayout>
  );
}

function ConditionsSection() {
  return (
    <PublicSection title="Когда деньги возвращаются">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <FeatureCard icon={<RollbackOutlined />} title="Полный возврат">
            В течение {FULL_REFUND_DAYS} дней с даты оплаты мы вернём всю сумму, если оплаченным
            периодом не пользовались: например, платёж прошёл по ошибке, дважды или компания
            передумала подключаться.
          </FeatureCard>
        </Col>
        <Col xs={24} md={12}>
          <FeatureCard icon={<CalendarOutlined />} title="Возврат за неиспользованные месяцы">
            В остальных случаях возвращаются деньги за полные месяцы, которые ещё не начались.
            Текущий месяц считается использованным.
          </FeatureCard>
        </Col>
      </Row>
      <Paragraph className={styles.lead}>
        Стоимость месяца считается от фактически уплаченной суммы, то есть с учётом скидки за
        период.
      </Paragraph>
      <Paragraph className={styles.lead}>
        <strong>Пример:</strong> компания оплатила 12 месяцев и через 4 месяца и 10 дней решила
        отказаться от сервиса. Пятый месяц уже идёт, поэтому вернётся 7/12 суммы платежа.
      </Paragraph>
      <Paragraph className={styles.lead}>
        Пробный период бесплатный, поэтому возвращать за него нечего.
      </Paragraph>
    </PublicSection>
  );
}

function TimingSection() {
  return (
    <PublicSection title="Сроки и способ возврата">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <FeatureCard icon={<CalendarOutlined />} title={`До ${REFUND_WORKING_DAYS} рабочих дней`}>
            Мы проверяем заявку и отправляем возврат в течение {REFUND_WORKING_DAYS} рабочих дней с
            момента, когда получили все нужные данные. Срок зачисления на карту зависит от вашего
            банка.
          </FeatureCard>
        </Col>
        <Col xs={24} md={12}>
          <FeatureCard icon={<CreditCardOutlined />} title="На ту же карту">
            Деньги возвращаются только на карту, с которой прошла оплата. Перевести их на другую
            карту или счёт нельзя. Чек возврата придёт на электронную почту.
          </FeatureCard>
        </Col>
      </Row>
    </PublicSection>
  );
}
