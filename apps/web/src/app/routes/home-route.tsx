import { Collapse, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Page } from '../../components/layout/page.tsx';
import { titles } from '../../config/titles.ts';
import { useSession } from '../../features/auth/use-session.ts';
import { useCheckBranches } from '../../features/checks/api/get-branch-zones.ts';
import { weekdayOf } from '../../features/checks/check-format.ts';
import { CheckInCard } from '../../features/checks/components/check-in-card.tsx';
import { MyChecksCard } from '../../features/checks/components/my-checks-card.tsx';
import { MY_HISTORY_WEEKS, useMyAttendance } from '../../features/checks/use-my-attendance.ts';
import { MyCorrectionRequestsCard } from '../../features/correction-requests/components/my-correction-requests-card.tsx';
import { useCountries } from '../../features/countries/api/get-countries.ts';
import { MyDayOffsCard } from '../../features/day-offs/components/my-day-offs-card.tsx';
import { ShiftRemindersCard } from '../../features/notifications/components/shift-reminders-card.tsx';
import { useRemoteConfig } from '../../features/remote-config/use-remote-config.ts';
import './home-route.css';

// The profile's forms open from a collapsed section: they load when it is first opened, which keeps
// the page's first load small on a phone.
const ProfileForm = lazy(() =>
  import('../../features/profile/components/profile-form.tsx').then((module) => ({
    default: module.ProfileForm,
  })),
);
// «Мой график», open shifts and hand-overs (decisions 028, 029): their own chunks, loaded right
// after the page's first paint.
const MyScheduleCard = lazy(() =>
  import('../../features/my-schedule/components/my-schedule-card.tsx').then((module) => ({
    default: module.MyScheduleCard,
  })),
);
const MyOpenShiftsCard = lazy(() =>
  import('../../features/shift-exchange/components/my-open-shifts-card.tsx').then((module) => ({
    default: module.MyOpenShiftsCard,
  })),
);
const MySwapsCard = lazy(() =>
  import('../../features/shift-exchange/components/my-swaps-card.tsx').then((module) => ({
    default: module.MySwapsCard,
  })),
);
// «Отметиться по QR» with its offline queue (decisions 031, 032): after the first paint too.
const QrCheckCard = lazy(() =>
  import('../../features/kiosk/components/qr-check-card.tsx').then((module) => ({
    default: module.QrCheckCard,
  })),
);
const KioskPinSettings = lazy(() =>
  import('../../features/kiosk/components/kiosk-pin-settings.tsx').then((module) => ({
    default: module.KioskPinSettings,
  })),
);
const ChangePasswordForm = lazy(() =>
  import('../../features/profile/components/change-password-form.tsx').then((module) => ({
    default: module.ChangePasswordForm,
  })),
);
const SignOutEverywhere = lazy(() =>
  import('../../features/auth/components/sign-out-everywhere.tsx').then((module) => ({
    default: module.SignOutEverywhere,
  })),
);
const AnalyticsPreferenceSwitch = lazy(() =>
  import('../../features/analytics/components/analytics-preference-switch.tsx').then((module) => ({
    default: module.AnalyticsPreferenceSwitch,
  })),
);
// «Мои пожелания» with its date pickers: after the first paint.
const MyAvailabilityCard = lazy(() =>
  import('../../features/availability/components/my-availability-card.tsx').then((module) => ({
    default: module.MyAvailabilityCard,
  })),
);

function greeting(hour: number): string {
  if (hour < 5) return 'Доброй ночи';
  if (hour < 12) return 'Доброе утро';
  if (hour < 18) return 'Добрый день';
  return 'Добрый вечер';
}

/**
 * `/` for an employee, phone first: today's shift and the check-in button, the published schedule
 * of the coming two weeks with «Ознакомлен», open shifts and hand-overs, recent checks,
 * correction requests, wishes of the coming weeks, day-offs, shift reminders on this phone, profile.
 */
export function Component() {
  const { profile, company, employee } = useSession();
  const countries = useCountries();
  const my = useMyAttendance(company);
  const name = profile?.firstName || profile?.lastName || '';
  const [now] = useState(() => dayjs());
  const commentsEnabled = useRemoteConfig('features.comments');
  const branches = useCheckBranches();

  return (
    <Page title={titles.home}>
      <div className="smena-home">
        <div className="smena-home__checkin">
          <CheckInCard
            todayPlan={my.todayPlan}
            planLoading={my.planLoading}
            planUnpublished={my.planUnpublished}
            zoneOf={my.zoneOf}
            header={
              <div>
                <Typography.Title level={2} className="smena-home__greeting">
                  {greeting(now.hour())}
                  {name ? `, ${name}!` : '!'}
                </Typography.Title>
                <Typography.Text type="secondary">
                  Сегодня {my.today}, {weekdayOf(my.today)}
                  {company ? ` · ${company.title}` : ''}
                </Typography.Text>
              </div>
            }
          />
        </div>
        <div className="smena-home__schedule">
          <Suspense fallback={null}>
            <MyScheduleCard today={my.today} zone={my.zone} />
          </Suspense>
        </div>
        <div className="smena-home__qr">
          <Suspense fallback={null}>
            <QrCheckCard
              owner={
                employee?.id && employee.companyId ? `${employee.companyId}:${employee.id}` : null
              }
            />
          </Suspense>
        </div>
        <div className="smena-home__checks">
          <MyChecksCard
            days={my.days}
            comments={my.comments}
            today={my.today}
            weeks={MY_HISTORY_WEEKS}
            zoneOf={my.zoneOf}
            companyZone={my.zone}
            loading={my.loading}
            error={my.error}
            showComments={commentsEnabled}
          />
        </div>
        <div className="smena-home__open-shifts">
          <Suspense fallback={null}>
            <MyOpenShiftsCard />
          </Suspense>
        </div>
        <div className="smena-home__swaps">
          <Suspense fallback={null}>
            <MySwapsCard today={my.today} />
          </Suspense>
        </div>
        <div className="smena-home__corrections">
          <MyCorrectionRequestsCard branches={branches.data ?? []} today={my.today} />
        </div>
        <div className="smena-home__availability">
          <Suspense fallback={null}>
            <MyAvailabilityCard today={my.today} />
          </Suspense>
        </div>
        <div className="smena-home__day-offs">
          <MyDayOffsCard />
        </div>
        <div className="smena-home__reminders">
          <ShiftRemindersCard userId={profile?.id} company={company} />
        </div>
        {profile && (
          // Employees have no settings section in the menu: their profile lives on the home page.
          <Collapse
            className="smena-home__profile"
            items={[
              {
                key: 'profile',
                label: 'Личные данные',
                children: (
                  <Suspense fallback={null}>
                    <ProfileForm profile={profile} countries={countries.data} />
                  </Suspense>
                ),
              },
              {
                key: 'password',
                label: 'Смена пароля',
                children: (
                  <Suspense fallback={null}>
                    <ChangePasswordForm />
                  </Suspense>
                ),
              },
              {
                key: 'kiosk-pin',
                label: 'PIN для киоска',
                children: (
                  <Suspense fallback={null}>
                    <KioskPinSettings zone={company?.timezone} />
                  </Suspense>
                ),
              },
              {
                key: 'sessions',
                label: 'Сеансы',
                children: (
                  <Suspense fallback={null}>
                    <SignOutEverywhere />
                  </Suspense>
                ),
              },
              {
                key: 'privacy',
                label: 'Конфиденциальность',
                children: (
                  <Suspense fallback={null}>
                    <AnalyticsPreferenceSwitch />
                  </Suspense>
                ),
              },
            ]}
          />
        )}
      </div>
    </Page>
  );
}
