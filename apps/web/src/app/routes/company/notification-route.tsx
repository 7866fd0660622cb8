import { Alert, Card, Col, Row } from 'antd';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { BrowserPushSettings } from '../../../features/notifications/components/browser-push-card.tsx';
import { CompanyNotificationForm } from '../../../features/notifications/components/company-notification-form.tsx';
import { NotificationKinds } from '../../../features/notifications/components/notification-kinds.tsx';

/**
 * «Уведомления»: the company's settings (an administrator edits, a manager reads), this browser's
 * push state and a test notification.
 */
export function Component() {
  const { company, profile, isAdmin } = useSession();

  return (
    <Page title={titles.company.notification}>
      {!company ? (
        <PageSpinner />
      ) : (
        <>
          {!isAdmin && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 24 }}
              title="Изменять настройки компании может только администратор"
            />
          )}
          <Row gutter={[24, 24]}>
            <Col xs={24} xl={14}>
              <Card variant="borderless" title="Настройки компании">
                <CompanyNotificationForm company={company} canEdit={isAdmin} />
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card variant="borderless" title="Push-уведомления в этом браузере">
                <BrowserPushSettings userId={profile?.id} />
              </Card>
              <Card variant="borderless" title="Что приходит" style={{ marginTop: 24 }}>
                <NotificationKinds />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </Page>
  );
}
