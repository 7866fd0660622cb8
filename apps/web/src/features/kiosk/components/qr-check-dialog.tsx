import { kioskPunchLabel, type KioskPunchResult } from '@smena/contract';
import { Alert, Button, Modal, Result, Spin } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useKioskQrPunch } from '../api/kiosk-qr-punch.ts';

// The camera and the decoder load only once the dialog shows the scanner.
const QrScanner = lazy(() =>
  import('./qr-scanner.tsx').then((module) => ({ default: module.QrScanner })),
);

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The scanner's dialog: the phone's camera reads the code on the branch's kiosk and the check-in
 * or check-out is made at that branch, without the position; the answer names the time.
 */
export function QrCheckDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const punch = useKioskQrPunch();
  const [result, setResult] = useState<KioskPunchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per code read: a retry of the same code is the same punch.
  const keys = useRef(new Map<string, string>());

  const close = () => {
    onClose();
    setResult(null);
    setError(null);
  };
  const again = () => {
    setResult(null);
    setError(null);
  };
  const send = (payload: string) => {
    if (punch.isPending) return;
    let key = keys.current.get(payload);
    if (!key) {
      key = newKey();
      keys.current.set(payload, key);
    }
    setError(null);
    punch.mutate(
      { payload, idempotencyKey: key },
      {
        onSuccess: setResult,
        onError: (failure) => setError(getErrorMessage(failure)),
      },
    );
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title="Отметка по QR-коду киоска"
      footer={null}
      destroyOnHidden
      centered
    >
      {result ? (
        <Result
          status="success"
          title={kioskPunchLabel(result)}
          subTitle={`${result.employeeName} · ${result.branchTitle}${
            result.repeated ? ' · эта отметка уже была сделана' : ''
          }`}
          extra={
            <Button type="primary" size="large" onClick={close}>
              Готово
            </Button>
          }
        />
      ) : (
        <>
          {error && (
            <Alert
              type="error"
              showIcon
              title={error}
              style={{ marginBottom: 12 }}
              action={
                <Button size="small" onClick={again}>
                  Ещё раз
                </Button>
              }
            />
          )}
          <Spin spinning={punch.isPending}>
            <Suspense fallback={<div style={{ minHeight: 240 }} />}>
              <QrScanner paused={punch.isPending || error !== null} onPayload={send} />
            </Suspense>
          </Spin>
        </>
      )}
    </Modal>
  );
}
