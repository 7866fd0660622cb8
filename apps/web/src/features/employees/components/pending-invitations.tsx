import { MailOutlined } from '@ant-design/icons';
import { roleLabels, type CompanyInvitation } from '@smena/contract';
import { App, Button, Card, List, Space, Tag, Typography } from 'antd';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { formatDate } from '../../../lib/dates.ts';
import { displayPhone } from '../../../lib/phone-display.ts';
import { useCancelInvitation, usePendingInvitations } from '../api/company-invitations.ts';

function invitedName(invitation: CompanyInvitation): string {
  return (
    [invitation.lastName, invitation.firstName, invitation.middleName].filter(Boolean).join(' ') ||
    invitation.email
  );
}

/**
 * «Приглашения»: people with an account of their own whom the company invited; they join the
 * list of employees when they accept. Hidden while there are none.
 */
export function PendingInvitations() {
  const { modal } = App.useApp();
  const invitations = usePendingInvitations();
  const cancel = useCancelInvitation();
  const items = invitations.data?.items ?? [];
  if (items.length === 0) return null;

  const confirmCancel = (invitation: CompanyInvitation) => {
    modal.confirm({
      title: 'Отменить приглашение?',
      content: `${invitedName(invitation)} больше не сможет принять его. Пригласить снова можно в любой момент.`,
      okText: 'Отменить приглашение',
      okButtonProps: { danger: true },
      cancelText: 'Не отменять',
      onOk: async () => {
        try {
          await cancel.mutateAsync(invitation.id);
          notify.success('Приглашение отменено');
        } catch (error) {
          notify.apiError(error, 'Не удалось отменить приглашение');
        }
      },
    });
  };

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <MailOutlined />
          Приглашения
          <Tag>{items.length}</Tag>
        </Space>
      }
      style={{ marginTop: 24 }}
    >
      <Typography.Paragraph type="secondary">
        У этих людей уже есть учётная запись Smena. Они появятся в списке сотрудников, когда примут
        приглашение.
      </Typography.Paragraph>
      <List
        dataSource={items}
        rowKey="id"
        renderItem={(invitation) => (
          <List.Item
            actions={[
              <Button key="cancel" onClick={() => confirmCancel(invitation)}>
                Отменить
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={invitedName(invitation)}
              description={
                <Space size={[8, 4]} wrap>
                  <span>{invitation.email}</span>
                  <span>{displayPhone(invitation.phone)}</span>
                  <Tag color="blue">{roleLabels[invitation.role]}</Tag>
                  {invitation.positionTitle && <span>{invitation.positionTitle}</span>}
                  <span>отправлено {formatDate(invitation.createdAt)}</span>
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
