import { LogoutOutlined } from '@ant-design/icons';
import { App, Button, Typography } from 'antd';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { signOutEverywhere } from '../session.ts';

/** «Выйти на всех устройствах», after a confirmation. */
export function SignOutEverywhere() {
  const { modal } = App.useApp();
  const confirm = () => {
    modal.confirm({
      title: 'Вы уверены?',
      content: 'Все сеансы будут завершены, включая этот. Чтобы продолжить работу, войдите заново.',
      okText: 'Выйти везде',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: () => signOutEverywhere().catch((error: unknown) => notify.apiError(error)),
    });
  };
  return (
    <>
      <Typography.Paragraph type="secondary">
        Если вы входили с чужого устройства или потеряли телефон, завершите все сеансы сразу.
      </Typography.Paragraph>
      <Button danger icon={<LogoutOutlined />} onClick={confirm}>
        Выйти на всех устройствах
      </Button>
    </>
  );
}
