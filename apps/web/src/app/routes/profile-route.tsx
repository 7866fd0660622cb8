import { roleLabels } from '@smena/contract';
import { Avatar, Card, Col, Row, Space, Tag, Typography } from 'antd';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { Page } from '../../components/layout/page.tsx';
import { titles } from '../../config/titles.ts';
import { AnalyticsPreferenceSwitch } from '../../features/analytics/components/analytics-preference-switch.tsx';
import { SignOutEverywhere } from '../../features/auth/components/sign-out-everywhere.tsx';
import { displayName, initials, useSession } from '../../features/auth/use-session.ts';
import { useCountries } from '../../features/countries/api/get-countries.ts';
import { startSession } from '../../features/auth/session.ts';
import { switchCompany } from '../../features/profile/api/my-invitations.ts';
import { ChangeIdentityForm } from '../../features/profile/components/change-identity-form.tsx';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form.tsx';
import { MyCompaniesCard } from '../../features/profile/components/my-companies-card.tsx';
import { MyInvitationsCard } from '../../features/profile/components/my-invitations-card.tsx';
import { ProfileForm } from '../../features/profile/components/profile-form.tsx';
import { KioskPinSettings } from '../../features/kiosk/components/kiosk-pin-settings.tsx';
import { notify } from '../../components/feedback/notifications/notify.ts';
import { paths } from '../../config/paths.ts';
import { withLoader } from '../../lib/app-state.ts';
import { navigateTo } from '../../lib/navigation.ts';

/** Into another of the person's companies: new tokens, the person's data reloaded, home page. */
async function openCompany(companyId: number): Promise<void> {
  await withLoader(async () => {
    try {
      await startSession(await switchCompany(companyId));
      await navigateTo(paths.home);
    } catch (error) {
      notify.apiError(error, 'Не удалось перейти в компанию');
    }
  });
}

/** The person's own profile: /company/profile/user and /settings/profile. */
export function Component() {
  const { profile, role, company } = useSession();
  const countries = useCountries();

  return (
    <Page title={titles.company.profile}>
      {!profile ? (
        <PageSpinner />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={15}>
            <Space orientation="vertical" size={24} style={{ width: '100%' }}>
              <MyInvitationsCard onSwitch={(companyId) => void openCompany(companyId)} />
              <Card variant="borderless" title="Личные данные">
                <Space size={16} align="center" style={{ marginBottom: 24 }}>
                  <Avatar
                    size={56}
                    src={profile.avatar ?? undefined}
                    style={{ backgroundColor: '#1677ff', fontSize: 22 }}
                  >
                    {initials(profile)}
                  </Avatar>
                  <div>
                    <Typography.Text strong style={{ fontSize: 16 }}>
                      {displayName(profile)}
                    </Typography.Text>
                    <div>
                      {role && (
                        <Tag color="blue" style={{ marginInlineEnd: 8 }}>
                          {roleLabels[role]}
                        </Tag>
                      )}
                      {company && (
                        <Typography.Text type="secondary">{company.title}</Typography.Text>
                      )}
                    </div>
                  </div>
                </Space>
                <ProfileForm profile={profile} countries={countries.data} />
              </Card>
              <Card variant="borderless" title="Изменить email или телефон">
                <ChangeIdentityForm profile={profile} countries={countries.data} />
              </Card>
            </Space>
          </Col>
          <Col xs={24} xl={9}>
            <Space orientation="vertical" size={24} style={{ width: '100%' }}>
              <MyCompaniesCard onSwitch={(companyId) => void openCompany(companyId)} />
              <Card variant="borderless" title="Смена пароля">
                <ChangePasswordForm />
              </Card>
              {company && (
                <Card variant="borderless" title="PIN для киоска">
                  <KioskPinSettings zone={company?.timezone} />
                </Card>
              )}
              <Card variant="borderless" title="Сеансы">
                <SignOutEverywhere />
              </Card>
              <Card variant="borderless" title="Конфиденциальность">
                <AnalyticsPreferenceSwitch />
              </Card>
            </Space>
          </Col>
        </Row>
      )}
    </Page>
  );
}
