import { CopyOutlined, StopOutlined } from '@ant-design/icons';
import type { RegistrationLink } from '@smena/contract';
import { Button, Card, Input, Popconfirm, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useRef } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { useRevokeRegistrationLink } from '../api/revoke-registration-link.ts';
import { expiryLabel, invitationUrl, scopeLabel, usageLabel } from '../link-format.ts';

/** Puts `text` on the clipboard; false when the browser refuses (e.g. plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** One active invitation: what it assigns, how long and how often it works, the URL and its QR code. */
export function InvitationCard({
  link,
  timeZone,
  hideDepartments,
  highlighted = false,
}: {
  link: RegistrationLink;
  timeZone: string;
  hideDepartments: boolean;
  highlighted?: boolean;
}) {
  const url = invitationUrl(window.location.origin, link.id);
  const revoke = useRevokeRegistrationLink();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const scope = scopeLabel(hideDepartments ? { ...link, departmentTitle: null } : link);

  const onCopy = async () => {
    if (await copyText(url)) {
      notify.success('Ссылка скопирована');
      return;
    }
    inputRef.current?.select();
    notify.warning('Не удалось скопировать автоматически: ссылка выделена, скопируйте её вручную.');
  };

  return (
    <Card
      size="small"
      className={highlighted ? 'smena-invitation smena-invitation--new' : 'smena-invitation'}
    >
      <div className="smena-invitation__body">
        <div className="smena-invitation__info">
          <Typography.Text strong className="smena-invitation__scope">
            {scope}
          </Typography.Text>
          <div className="smena-invitation__meta">
            <span>Действует {expiryLabel(link.expiresAt, timeZone)}</span>
            <span aria-hidden> · </span>
            <span>{usageLabel(link)}</span>
          </div>
          <Space.Compact className="smena-invitation__url">
            <Input
              readOnly
              value={url}
              aria-label="Ссылка-приглашение"
              onFocus={(event) => event.target.select()}
              ref={(input) => {
                inputRef.current = input?.input ?? null;
              }}
            />
            <Button icon={<CopyOutlined />} onClick={() => void onCopy()}>
              Копировать
            </Button>
          </Space.Compact>
          <Popconfirm
            title="Отозвать приглашение?"
            description="Ссылка перестанет работать. Уже зарегистрированные сотрудники останутся."
            okText="Отозвать"
            okButtonProps={{ danger: true, loading: revoke.isPending }}
            cancelText="Отмена"
            onConfirm={async () => {
              await revoke.mutateAsync(link.id).then(
                () => notify.success('Приглашение отозвано'),
                () => undefined,
              );
            }}
          >
            <Button danger type="link" icon={<StopOutlined />} className="smena-invitation__revoke">
              Отозвать
            </Button>
          </Popconfirm>
        </div>
        <div className="smena-invitation__qr">
          <QRCodeSVG value={url} size={112} marginSize={1} title={`QR-код приглашения: ${scope}`} />
        </div>
      </div>
    </Card>
  );
}
