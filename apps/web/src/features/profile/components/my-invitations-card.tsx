import { roleLabels, type MyInvitation } from '@smena/contract';
import { App, Button, Card, List, Space, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { formatDate } from '../../../lib/dates.ts';
import {
  useAcceptInvitation,
  useDeclineInvitation,
  useMyInvitations,
} from '../api/my-invitations.ts';

/** The anchor notifications about invitations link to. */
export const INVITATIONS_ANCHOR = 'invitations';

function details(invitation: MyInvitation): string[] {
  return [
    roleLabels[invitation.role],
    invitation.positionTitle,
    invitation.departmentTitle,
    invitation.branchTitles.length > 0 ? invitation.branchTitles.join(', ') : null,
    invitation.hireDate ? `с ${invitation.hireDate}` : null,
  ].filter((part): part is string => Boolean(part));
}

/**
 * «Приглашения»: companies that want the person as an employee. Accepting adds the membership
 * (then «Перейти» switches into it); nothing is shared with a company before that.
 */
export function MyInvitationsCard({
  onSwitch,
}: {
  /** Opens the company the person has just joined. */
  onSwitch: (companyId: number) => void;
}) {
  const { modal } = App.useApp();
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const location = useLocation();
  const cardRef = useRef<HTMLDivElement>(null);
  const items = invitations.data?.items ?? [];

  useEffect(() => {
    if (location.hash === `#${INVITATIONS_ANCHOR}` && items.length > 0) {
      cardRef.current?.scrollIntoView({ block: 'start' });
    }
  }, [location.hash, items.length]);

  if (items.length === 0) return null;

  const onAccept = async (invitation: MyInvitation) => {
    try {
      const joined = await accept.mutateAsync(invitation.id);
      modal.success({
        title: `Вы в компании «${joined.companyTitle}»`,
        content: 'Перейдите в неё сейчас или позже — в разделе «Мои компании» профиля.',
        okText: 'Перейти',
        cancelText: 'Остаться здесь',
        closable: true,
        onOk: () => onSwitch(joined.companyId),
      });
    } catch (error) {
      notify.apiError(error, 'Не удалось принять приглашение');
    }
  };

  const onDecline = (invitation: MyInvitation) => {
    modal.confirm({
      title: 'Отклонить приглашение?',
      content: `Компания «${invitation.companyTitle}» узнает, что вы отказались.`,
      okText: 'Отклонить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await decline.mutateAsync(invitation.id);
          notify.success('Приглашение отклонено');
        } catch (error) {
          notify.apiError(error, 'Не удалось отклонить приглашение');
        }
      },
    });
  };

  return (
    <div ref={cardRef} id={INVITATIONS_ANCHOR} style={{ scrollMarginTop: 80 }}>
      <Card variant="borderless" title="Приглашения">
        <List
          dataSource={items}
          rowKey="id"
          renderItem={(invitation) => (
            <List.Item>
              <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                <Typography.Text strong>{invitation.companyTitle} приглашает вас</Typography.Text>
                <Space size={[8, 4]} wrap>
                  {details(invitation).map((part, index) =>
                    index === 0 ? (
                      <Tag key="role" color="blue">
                        {part}
                      </Tag>
                    ) : (
                      <Typography.Text key={part} type="secondary">
                        {part}
                      </Typography.Text>
                    ),
                  )}
                </Space>
                <Typography.Text type="secondary">
                  {invitation.invitedBy ? `Пригласил(а) ${invitation.invitedBy}, ` : 'Отправлено '}
                  {formatDate(invitation.createdAt)}
                </Typography.Text>
                <Space>
                  <Button
                    type="primary"
                    loading={accept.isPending && accept.variables === invitation.id}
                    onClick={() => void onAccept(invitation)}
                  >
                    Принять
                  </Button>
                  <Button onClick={() => onDecline(invitation)}>Отклонить</Button>
                </Space>
              </Space>
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
