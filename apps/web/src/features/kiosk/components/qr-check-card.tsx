import { QrcodeOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import type { QueueStore } from '../offline-queue.ts';
import { useQrQueue, type QueuedScan } from '../use-qr-queue.ts';

// The dialog (camera, decoder, the answer) loads when the employee first opens it.
const QrCheckDialog = lazy(() =>
  import('./qr-check-dialog.tsx').then((module) => ({ default: module.QrCheckDialog })),
);

/**
 * «Отметиться по QR» on the employee's home (decision 031): the phone scans the code on the
 * branch's kiosk and checks in or out at that branch, without the position.
 */
export function QrCheckCard({
  owner,
  queueStore,
}: {
  /** Whose scans the queue keeps and sends («company:employee»); none while unknown. */
  owner: string | null;
  queueStore?: QueueStore<QueuedScan>;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const queue = useQrQueue(owner, queueStore);

  return (
    <Card size="small" className="smena-qr-check">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        У входа в филиал стоит киоск? Отсканируйте код с его экрана — отметка без геолокации.
      </Typography.Paragraph>
      <Button
        size="large"
        block
        icon={<QrcodeOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Отметиться по QR
      </Button>
      {queue.pending > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          role="status"
          title={`Отметка по QR ожидает отправки${queue.pending > 1 ? ` (${queue.pending})` : ''}`}
          description="Нет связи: отметка сохранена на телефоне и уйдёт, когда связь появится"
        />
      )}
      {queue.refused.map((item) => (
        <Alert
          key={item.key}
          type="error"
          showIcon
          closable={{ onClose: () => queue.dismiss(item.key) }}
          style={{ marginTop: 12 }}
          title={`Отметка от ${dayjs(item.deviceAt).format('DD.MM HH:mm')} не принята`}
          description={item.message}
        />
      ))}
      {opened && (
        <Suspense fallback={null}>
          <QrCheckDialog open={open} onClose={() => setOpen(false)} onQueue={queue.enqueue} />
        </Suspense>
      )}
    </Card>
  );
}
