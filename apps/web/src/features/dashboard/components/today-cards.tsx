import {
  CalendarOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  CoffeeOutlined,
  FieldTimeOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { DashboardToday } from '@smena/contract';
import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { percentOf } from '../dashboard-format.ts';

type TodayCard = {
  key: keyof DashboardToday;
  title: string;
  hint: string;
  icon: ReactNode;
  tone: 'green' | 'orange' | 'gold' | 'red' | 'purple' | 'blue';
  /** The checks list showing these people, where it has such a filter. */
  to?: string;
};

function cardsOf(today: DashboardToday): TodayCard[] {
  return [
    {
      key: 'present',
      title: 'На месте',
      hint: 'сейчас на работе',
      icon: <UserOutlined />,
      tone: 'green',
      to: `${paths.company.checks}?view=open`,
    },
    {
      key: 'late',
      title: 'Опоздали',
      hint:
        today.planned > 0
          ? `${percentOf(today.late, today.planned)}% запланированных`
          : 'позже начала смены',
      icon: <FieldTimeOutlined />,
      tone: 'orange',
      to: `${paths.company.checks}?late=true`,
    },
    {
      key: 'notArrived',
      title: 'Ещё не пришли',
      hint: 'смена уже идёт',
      icon: <ClockCircleOutlined />,
      tone: 'gold',
    },
    {
      key: 'absent',
      title: 'Отсутствуют',
      hint: 'смена без отметки',
      icon: <CloseCircleOutlined />,
      tone: 'red',
    },
    {
      key: 'onDayOff',
      title: 'В отпуске / на больничном',
      hint: 'и в отгуле',
      icon: <CoffeeOutlined />,
      tone: 'purple',
    },
    {
      key: 'planned',
      title: 'Запланировано',
      hint: 'смен на сегодня',
      icon: <CalendarOutlined />,
      tone: 'blue',
    },
  ];
}

function CardBody({ card, value }: { card: TodayCard; value: number }) {
  return (
    <div className="smena-dashboard-stat">
      <div className="smena-dashboard-stat__head">
        <span className="smena-dashboard-stat__title">{card.title}</span>
        <span
          className={`smena-dashboard-stat__icon smena-dashboard-tone--${card.tone}`}
          aria-hidden
        >
          {card.icon}
        </span>
      </div>
      <div className="smena-dashboard-stat__value">{value}</div>
      <div className="smena-dashboard-stat__hint">{card.hint}</div>
    </div>
  );
}

/** Today at a glance: six counts, two per row on a phone, six across on a wall screen. */
export function TodayCards({ today }: { today: DashboardToday }) {
  return (
    <Row gutter={[16, 16]} className="smena-dashboard-cards">
      {cardsOf(today).map((card) => {
        const value = today[card.key];
        return (
          <Col key={card.key} xs={12} md={8} xl={4}>
            {card.to ? (
              <Link
                to={card.to}
                className="smena-dashboard-card-link"
                aria-label={`${card.title}: ${value} — открыть отметки`}
              >
                <Card variant="borderless" hoverable className="smena-dashboard-card">
                  <CardBody card={card} value={value} />
                </Card>
              </Link>
            ) : (
              <Card
                variant="borderless"
                className="smena-dashboard-card"
                role="group"
                aria-label={`${card.title}: ${value}`}
              >
                <CardBody card={card} value={value} />
              </Card>
            )}
          </Col>
        );
      })}
    </Row>
  );
}
