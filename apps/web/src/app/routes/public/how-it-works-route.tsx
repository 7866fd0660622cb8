import type { ReactNode } from 'react';
import { Col, Row, Steps, Tag, Typography, type StepsProps } from 'antd';
import {
  ApartmentOutlined,
  BellOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  ControlOutlined,
  EnvironmentOutlined,
  FileExcelOutlined,
  MobileOutlined,
  MoonOutlined,
  RetweetOutlined,
  TabletOutlined,
  UserAddOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import {
  PRODUCT_NAME,
  dayOffTypeLabels,
  scheduleTypeLabels,
  type DayOffType,
  type ScheduleType,
} from '@smena/contract';
import {
  CallToAction,
  FeatureCard,
  LinkButton,
  PublicPageLayout,
  PublicSection,
  TRIAL_DAYS_TEXT,
  TRIAL_USERS_TEXT,
} from '../../../components/layout/public-page-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import styles from './public-pages.module.css';

const { Paragraph } = Typography;

type Feature = { icon: ReactNode; title: string; text: string };

const features: Feature[] = [
  {
    icon: <EnvironmentOutlined />,
    title: 'Филиалы на карте',
    text: 'Отметьте каждый офис, магазин или склад на карте и задайте радиус отметки. Сотрудник сможет отметиться с телефона, только когда находится в этом радиусе.',
  },
  {
    icon: <ApartmentOutlined />,
    title: 'Отделы и должности',
    text: 'Опишите структуру компании: отделы, должности и руководителей. Менеджеру администратор даёт всю компанию или только его филиалы и отделы: там он работает с сотрудниками, графиками, отметками и отчётами. Настройками компании, API-ключами и оплатой управляет только администратор.',
  },
  {
    icon: <UserAddOutlined />,
    title: 'Приглашения по ссылке',
    text: 'Не нужно заводить учётные записи вручную: отправьте сотрудникам ссылку-приглашение в мессенджере или по почте, и они зарегистрируются сами.',
  },
  {
    icon: <CalendarOutlined />,
    title: 'Графики и отсутствия',
    text: 'Фиксированные, гибкие, ночные и сменные графики, а также отпуска, больничные и отгулы — в одном календаре.',
  },
  {
    icon: <FileExcelOutlined />,
    title: 'Отчёты и табель Т-13',
    text: 'Отчёт по посещаемости показывает опоздания, ранние уходы и пропуски, а табель учёта рабочего времени по форме Т-13 заполняется сам. Оба выгружаются в Excel.',
  },
  {
    icon: <BellOutlined />,
    title: 'Push-уведомления',
    text: 'Менеджеры узнают об отметках и опозданиях сотрудников сразу, а сотрудникам можно напоминать о начале и окончании смены.',
  },
];

const scheduleDescriptions: Record<ScheduleType, string> = {
  FIXED:
    'Одинаковое время начала и окончания, например с 09:00 до 18:00 по будням. Опоздания и ранние уходы считаются автоматически.',
  FLEX: 'Сотрудник сам выбирает, когда начать работу, — важно отработать норму часов.',
  NIGHT: 'Для смен, которые начинаются вечером и заканчиваются утром следующего дня.',
  DYNAMIC:
    'Для работы по циклу: 2/2, сутки через трое и любые другие чередования рабочих и выходных дней.',
};

const dayOffColors: Record<DayOffType, string> = {
  VACATION: 'green',
  SICKLEAVE: 'orange',
  HOLIDAY: 'magenta',
  DISMISSED: 'purple',
  WEEKEND: 'blue',
};
const dayOffTypes = Object.keys(dayOffColors) as DayOffType[];

const scheduleIcons: Record<ScheduleType, ReactNode> = {
  FIXED: <ClockCircleOutlined />,
  FLEX: <ControlOutlined />,
  NIGHT: <MoonOutlined />,
  DYNAMIC: <RetweetOutlined />,
};

type CheckInMethod = { icon: ReactNode; title: string; text: string };

const checkInMethods: CheckInMethod[] = [
  {
    icon: <MobileOutlined />,
    title: 'С телефона',
    text: `Сотрудник отмечает приход и уход в ${PRODUCT_NAME} на своём телефоне. Геолокация определяется один раз — в момент отметки — и сверяется с радиусом филиала.`,
  },
  {
    icon: <TabletOutlined />,
    title: 'С терминала',
    text: 'Планшет на входе или система контроля доступа передаёт отметки через API. Для подключения администратор выпускает API-ключ.',
  },
  {
    icon: <UserSwitchOutlined />,
    title: 'Руководителем',
    text: 'Если сотрудник забыл телефон или работает на выезде, менеджер может отметить приход и уход за него.',
  },
];

const startSteps: StepsProps['items'] = [
  {
    status: 'process',
    title: 'Зарегистрируйте компанию',
    content: `Укажите название компании, почту и телефон администратора. Пробный период на ${TRIAL_DAYS_TEXT} начнётся сразу.`,
  },
  {
    status: 'process',
    title: 'Добавьте филиалы и структуру',
    content: 'Отметьте филиалы на карте, задайте радиус отметки, создайте отделы и должности.',
  },
  {
    status: 'process',
    title: 'Настройте графики',
    content:
      'Выберите подходящий тип графика для каждой группы сотрудников и внесите отпуска и выходные.',
  },
  {
    status: 'process',
    title: 'Пригласите сотрудников',
    content: 'Отправьте ссылку-приглашение. После регистрации сотрудники сразу смогут отмечаться.',
  },
];

export function Component() {
  return (
    <PublicPageLayout
      title={`Как работает ${PRODUCT_NAME}`}
      subtitle="Сотрудники отмечают приход и уход с телефона, руководители видят, кто на месте, а в конце месяца вы получаете готовый табель Т-13."
    >
      <FeatureGrid />
      <SchedulesSection />
      <CheckInSection />
      <ReportsSection />
      <PublicSection title="Как начать">
        <Steps orientation="vertical" current={-1} items={startSteps} />
      </PublicSection>
      <CallToAction
        title={`${TRIAL_DAYS_TEXT} бесплатно`}
        actions={
          <>
            <LinkButton to={paths.register} type="primary" size="large">
              Зарегистрировать компанию
            </LinkButton>
            <LinkButton to={paths.login} size="large">
              У меня уже есть аккаунт
            </LinkButton>
          </>
        }
      >
        В пробном периоде доступны все возможности сервиса для команды до {TRIAL_USERS_TEXT}. Когда
        будете готовы, выберите период оплаты на странице «{titles.company.plan}».
      </CallToAction>
    </PublicPageLayout>
  );
}

function FeatureGrid() {
  return (
    <PublicSection title={`Что умеет ${PRODUCT_NAME}`}>
      <Row gutter={[16, 16]}>
        {features.map((feature) => (
          <Col key={feature.title} xs={24} md={12}>
            <FeatureCard icon={feature.icon} title={feature.title}>
              {feature.text}
            </FeatureCard>
          </Col>
        ))}
      </Row>
    </PublicSection>
  );
}

function SchedulesSection() {
  const scheduleTypes = Object.keys(scheduleDescriptions) as ScheduleType[];
  return (
    <PublicSection title="Графики работы">
      <Row gutter={[16, 16]}>
        {scheduleTypes.map((type) => (
          <Col key={type} xs={24} md={12}>
            <FeatureCard icon={scheduleIcons[type]} title={`${scheduleTypeLabels[type]} график`}>
              {scheduleDescriptions[type]}
            </FeatureCard>
          </Col>
        ))}
      </Row>
      <Paragraph className={styles.lead}>
        Дни отсутствия отмечаются в том же календаре: они не считаются прогулами и правильно
        отражаются в табеле.
      </Paragraph>
      <div className={styles.tags}>
        {dayOffTypes.map((type) => (
          <Tag key={type} color={dayOffColors[type]}>
            {dayOffTypeLabels[type]}
          </Tag>
        ))}
      </div>
    </PublicSection>
  );
}

function CheckInSection() {
  return (
    <PublicSection title="Три способа отметиться">
      <Row gutter={[16, 16]}>
        {checkInMethods.map((method) => (
          <Col key={method.title} xs={24} md={8}>
            <FeatureCard icon={method.icon} title={method.title}>
              {method.text}
            </FeatureCard>
          </Col>
        ))}
      </Row>
      <Paragraph className={styles.note}>
        Координаты сохраняются только в момент отметки. {PRODUCT_NAME} не отслеживает перемещения
        сотрудников в течение дня.
      </Paragraph>
    </PublicSection>
  );
}

function ReportsSection() {
  return (
    <PublicSection title="Отчёты">
      <Paragraph className={styles.lead}>
        <strong>Отчёт по посещаемости</strong> показывает, кто и когда пришёл и ушёл, сколько часов
        отработано, кто опоздал, ушёл раньше или не вышел на смену.
      </Paragraph>
      <Paragraph className={styles.lead}>
        <strong>Табель учёта рабочего времени Т-13</strong> заполняется автоматически по отметкам,
        графикам и дням отсутствия. Выгрузите его в Excel и передайте в бухгалтерию — перепечатывать
        ничего не нужно.
      </Paragraph>
    </PublicSection>
  );
}
