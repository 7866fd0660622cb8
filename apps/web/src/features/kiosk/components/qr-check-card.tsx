import { QrcodeOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';

// The dialog (camera, decoder, the answer) loads when the employee first opens it.
const QrCheckDialog = lazy(() =>
  import('./qr-check-dialog.tsx').then((module) => ({ default: module.QrCheckDialog })),
);

/**
 * «Отметиться по QR» on the employee's home (decision 031): the phone scans the code on the
 * branch's kiosk and checks in or out at that branch, without the position.
 */
export function QrCheckCard() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

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
      {opened && (
        <Suspense fallback={null}>
          <QrCheckDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Card>
  );
}
