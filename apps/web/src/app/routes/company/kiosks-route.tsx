import { PlusOutlined, TabletOutlined } from '@ant-design/icons';
import type { KioskDevice } from '@smena/contract';
import { Alert, App, Button, Card, Empty, Grid, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useKeyBranchOptions } from '../../../features/api-keys/api/get-branch-options.ts';
import {
  useKioskDevices,
  useRenameKiosk,
  useRevokeKiosk,
} from '../../../features/kiosk/api/admin-kiosks.ts';
import { KioskDevicesTable } from '../../../features/kiosk/components/kiosk-devices-table.tsx';
import { KioskPhotoSettings } from '../../../features/kiosk/components/kiosk-photo-settings.tsx';
import { PairingCodeModal } from '../../../features/kiosk/components/pairing-code-modal.tsx';
import { useUpdateOrganization } from '../../../features/organization/api/update-organization.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import '../../../features/kiosk/kiosk-admin.css';
import '../../../features/kiosk/kiosk-photos.css';

/**
 * «Киоски» (decision 031): tablets at branch entrances where employees punch by a rotating QR or
 * a PIN. The company's ADMIN pairs them with a one-time code, renames and disconnects them, and
 * chooses whether a PIN punch takes a photo of those who consented (decision 034).
 */
export function Component() {
  const { modal } = App.useApp();
  const { company } = useSession();
  const isPhone = Grid.useBreakpoint().md === false;
  const devices = useKioskDevices();
  const branches = useKeyBranchOptions();
  const rename = useRenameKiosk();
  const revoke = useRevokeKiosk();
  const updateCompany = useUpdateOrganization();
  const [pairing, setPairing] = useState(false);
  const [nowMs, setNowMs] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const confirmRevoke = (device: KioskDevice) => {
    modal.confirm({
      title: `Отключить киоск «${device.title}»?`,
      content:
        'Киоск сразу перестанет принимать PIN, а его QR-коды — отмечать. Чтобы вернуть его, подключите устройство заново новым кодом.',
      okText: 'Отключить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await revoke.mutateAsync(device.id);
          notify.success(`Киоск «${device.title}» отключён`);
        } catch {
          // The query client has shown the server's message.
        }
      },
    });
  };

  const askRename = (device: KioskDevice) => {
    let title = device.title;
    modal.confirm({
      title: 'Название киоска',
      icon: null,
      content: (
        <Input
          defaultValue={device.title}
          maxLength={100}
          aria-label="Название киоска"
          onChange={(event) => (title = event.target.value)}
        />
      ),
      okText: 'Сохранить',
      cancelText: 'Отмена',
      onOk: async () => {
        if (!title.trim()) {
          notify.error('Введите название');
          throw new Error('empty title');
        }
        await rename.mutateAsync({ id: device.id, title: title.trim() });
      },
    });
  };

  const add = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setPairing(true)}>
      Подключить киоск
    </Button>
  );

  return (
    <Page title={titles.company.kiosks} actions={add}>
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <Typography.Paragraph type="secondary" className="smena-kiosks__intro">
          Киоск — планшет или компьютер у входа в филиал. Сотрудник отмечается, отсканировав
          телефоном QR-код с его экрана (код меняется каждые 30 секунд), или вводит табельный номер
          и личный PIN. Киоск не видит ничего, кроме имени отметившегося.
        </Typography.Paragraph>
        {devices.isError ? (
          <Alert type="error" showIcon title={getErrorMessage(devices.error)} />
        ) : (
          <KioskDevicesTable
            devices={devices.data ?? []}
            loading={devices.isPending}
            isPhone={isPhone}
            zone={company?.timezone}
            nowMs={nowMs}
            empty={
              <Empty
                image={<TabletOutlined className="smena-kiosks__empty-icon" />}
                description="Киосков пока нет. Подключите планшет у входа в филиал."
              >
                {add}
              </Empty>
            }
            onRename={askRename}
            onRevoke={confirmRevoke}
          />
        )}
      </Card>
      {company && (
        <Card
          variant="borderless"
          className="smena-kiosks__photo"
          styles={{ body: { padding: isPhone ? 12 : 20 } }}
        >
          <KioskPhotoSettings
            // Rebuilt from the saved company, so that the form shows what the server kept.
            key={`${company.kioskPhoto}-${company.kioskPhotoRetentionDays}`}
            company={company}
            saving={updateCompany.isPending}
            onSave={(input) => updateCompany.mutateAsync(input)}
          />
        </Card>
      )}
      <PairingCodeModal
        open={pairing}
        branches={branches.data ?? []}
        onClose={() => setPairing(false)}
      />
    </Page>
  );
}
