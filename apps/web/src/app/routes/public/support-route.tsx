import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Card, Col, Collapse, Row, Typography, type CollapseProps } from 'antd';
import { IdcardOutlined, MailOutlined, MessageOutlined } from '@ant-design/icons';
import { OTP_LENGTH, PRODUCT_NAME, SUPPORT_EMAIL } from '@smena/contract';
import {
  BulletList,
  FeatureCard,
  PublicPageLayout,
  PublicSection,
} from '../../../components/layout/public-page-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import styles from './public-pages.module.css';

const { Paragraph, Text } = Typography;

/** Where the timesheet is in the app's menu. */
const timesheetMenuPath = `«${titles.company.reports}» → «${titles.company.reportCard}»`;

type Question = { key: string; label: string; answer: ReactNode };

const questions: Question[] = [
  {
    key: 'password',
    label: 'Я забыл пароль. Как войти?',
    answer: (
      <>
        <Paragraph>
          Откройте страницу <Link to={paths.restore}>восстановления доступа</Link> и укажите номер
          телефона, привязанный к учётной записи. На него придёт SMS с кодом из {OTP_LENGTH} цифр —
          введите код и придумайте новый пароль.
        </Paragraph>
        <Paragraph>
          Если SMS не приходит, проверьте номер и подождите пару минут. Номер сменился? Напишите нам
          с почты, указанной в профиле.
        </Paragraph>
      </>
    ),
  },
  {
    key: 'check-in',
    label: 'Как сотруднику отметить приход и уход?',
    answer: (
      <>
        <Paragraph>
          Войдите в {PRODUCT_NAME} с телефона и нажмите кнопку отметки — приход или уход. При первой
          отметке браузер спросит доступ к геолокации: его нужно разрешить, иначе отметиться с
          телефона не получится.
        </Paragraph>
        <Paragraph>
          Если в компании установлен терминал, можно отметиться на нём. А если телефона нет под
          рукой, отметку за сотрудника может поставить менеджер.
        </Paragraph>
      </>
    ),
  },
  {
    key: 'radius',
    label: 'Почему не получается отметиться?',
    answer: (
      <>
        <Paragraph>
          Чаще всего дело в том, что телефон определил местоположение за пределами радиуса филиала.
          Что можно сделать:
        </Paragraph>
        <BulletList
          items={[
            'проверьте, что геолокация включена в настройках телефона и разрешена для браузера;',
            'включите Wi-Fi — так координаты определяются точнее, особенно в помещении;',
            'подойдите ближе к входу или окну и попробуйте ещё раз;',
            'если ошибка повторяется, попросите администратора проверить точку филиала на карте и радиус отметки, а менеджера — отметить вас вручную.',
          ]}
        />
      </>
    ),
  },
  {
    key: 'timesheet',
    label: 'Как выгрузить табель Т-13?',
    answer: (
      <Paragraph>
        Администратор или менеджер открывает раздел {timesheetMenuPath}, выбирает период и выгружает
        табель в Excel. Табель заполняется по отметкам, графикам и дням отсутствия, поэтому перед
        выгрузкой стоит проверить, что отпуска и больничные внесены.
      </Paragraph>
    ),
  },
  {
    key: 'employees',
    label: 'Как добавить сотрудников?',
    answer: (
      <Paragraph>
        Создайте ссылку-приглашение и отправьте её сотрудникам в мессенджере или по почте. Перейдя
        по ссылке, сотрудник сам заполнит профиль и окажется в вашей компании. Затем назначьте ему
        филиал, отдел, должность и график. Количество пользователей ограничено оплаченным лимитом —
        если мест не хватает, увеличьте его на странице «{titles.company.plan}».
      </Paragraph>
    ),
  },
  {
    key: 'tariff',
    label: 'Как сменить тариф или количество пользователей?',
    answer: (
      <Paragraph>
        Администратор компании открывает страницу «{titles.company.plan}», выбирает количество
        пользователей и период — 1, 3, 6 или 12 месяцев — и оплачивает картой. Подробнее — на
        странице <Link to={paths.public.descriptionPayment}>«Оплата»</Link>.
      </Paragraph>
    ),
  },
];

const faqItems: CollapseProps['items'] = questions.map(({ key, label, answer }) => ({
  key,
  label,
  children: <div className={styles.faqAnswer}>{answer}</div>,
}));

export function Component() {
  return (
    <PublicPageLayout
      title="Поддержка"
      subtitle={`Поможем разобраться с ${PRODUCT_NAME}: настройкой компании, отметками, отчётами и оплатой.`}
    >
      <ContactCard />
      <PublicSection title="Частые вопросы">
        <Collapse accordion items={faqItems} />
      </PublicSection>
      <PublicSection title="Что написать в письме">
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <FeatureCard icon={<IdcardOutlined />} title="Кто вы">
              Название компании и почта или телефон, с которыми вы входите в {PRODUCT_NAME}.
            </FeatureCard>
          </Col>
          <Col xs={24} md={12}>
            <FeatureCard icon={<MessageOutlined />} title="Что случилось">
              Что вы делали, что ожидали увидеть и что получилось. Скриншот, модель телефона и
              браузер помогут найти причину быстрее.
            </FeatureCard>
          </Col>
        </Row>
      </PublicSection>
    </PublicPageLayout>
  );
}

function ContactCard() {
  return (
    <Card className={styles.contactCard}>
      <div className={styles.contact}>
        <div>
          <Text type="secondary">Электронная почта поддержки</Text>
          <div className={styles.email}>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </div>
        </div>
        <Button
          type="primary"
          size="large"
          icon={<MailOutlined />}
          href={`mailto:${SUPPORT_EMAIL}`}
        >
          Написать в поддержку
        </Button>
      </div>
      <Paragraph className={styles.hours}>
        Отвечаем в рабочие дни с 09:00 до 18:00 по московскому времени, обычно в течение рабочего
        дня. Письма, отправленные вечером, в выходные или праздники, разбираем на следующий рабочий
        день.
      </Paragraph>
    </Card>
  );
}
