import { CalendarOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Card, Collapse, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Page } from '../../components/layout/page.tsx';
import { titles } from '../../config/titles.ts';
import { useSession } from '../../features/auth/use-session.ts';
import { MyDayOffsCard } from '../../features/day-offs/components/my-day-offs-card.tsx';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { SignOutEverywhere } from '../../features/auth/components/sign-out-everywhere.tsx';
import { useCountries } from '../../features/countries/api/get-countries.ts';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form.tsx';
import { ProfileForm } from '../../features/profile/components/profile-form.tsx';
import './home-route.css';

const upcoming = [
  { icon: <ClockCircleOutlined />, text: 'Отметка прихода и ухода с телефона' },
  { icon: <CalendarOutlined />, text: 'Ваша смена на сегодня и график' },
];

function greeting(hour: number): string {
  if (hour < 5) return 'Доброй ночи';
  if (hour < 12) return 'Доброе утро';
  if (hour < 18) return 'Добрый день';
  return 'Добрый вечер';
}

/** `/` for an employee: a phone-first start page. */
export function Component() {
  const { profile, company } = useSession();
  const countries = useCountries();
  const [now] = useState(() => dayjs());
  const name = profile?.firstName || profile?.lastName || '';

  return (
    <Page title={titles.home}>
      <div className="smena-home">
        <Card variant="borderless">
          <Typography.Title level={2} className="smena-home__greeting">
            {greeting(now.hour())}
            {name ? `, ${name}!` : '!'}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="smena-home__date">
            Сегодня {now.format(DATE_FORMAT)}, {now.format('dddd')}
            {company ? ` · ${company.title}` : ''}
          </Typography.Paragraph>
          <Typography.Paragraph>
            Отметка прихода и ухода и смена на сегодня сейчас в разработке — они появятся здесь в
            одном из ближайших обновлений.
          </Typography.Paragraph>
          <ul className="smena-home__list">
            {upcoming.map((item) => (
              <li key={item.text}>
                <span className="smena-home__icon" aria-hidden>
                  {item.icon}
                </span>
                {item.text}
              </li>
            ))}
          </ul>
        </Card>
        <MyDayOffsCard />
        {profile && (
          // Employees have no settings section in the menu: their profile lives on the home page.
          <Collapse
            className="smena-home__profile"
            items={[
              {
                key: 'profile',
                label: 'Личные данные',
                children: <ProfileForm profile={profile} countries={countries.data} />,
              },
              { key: 'password', label: 'Смена пароля', children: <ChangePasswordForm /> },
              { key: 'sessions', label: 'Сеансы', children: <SignOutEverywhere /> },
            ]}
          />
        )}
      </div>
    </Page>
  );
}
