import { roleLabels } from '@smena/contract';
import { Avatar, Card, Col, Row, Space, Tag, Typography } from 'antd';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { Page } from '../../components/layout/page.tsx';
import { titles } from '../../config/titles.ts';
import { AnalyticsPreferenceSwitch } from '../../features/analytics/components/analytics-preference-switch.tsx';
import { SignOutEverywhere } from '../../features/auth/components/sign-out-everywhere.tsx';
import { displayName, initials, useSession } from '../../features/auth/use-session.ts';
import { useCountries } from '../../features/countries/api/get-countries.ts';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form.tsx';
import { ProfileForm } from '../../features/profile/components/profile-form.tsx';

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
                    {company && <Typography.Text type="secondary">{company.title}</Typography.Text>}
                  </div>
                </div>
              </Space>
              <ProfileForm profile={profile} countries={countries.data} />
            </Card>
          </Col>
          <Col xs={24} xl={9}>
            <Space orientation="vertical" size={24} style={{ width: '100%' }}>
              <Card variant="borderless" title="Смена пароля">
                <ChangePasswordForm />
              </Card>
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
