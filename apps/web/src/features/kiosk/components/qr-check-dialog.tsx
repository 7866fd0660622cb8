import { kioskPunchLabel, type KioskPunchResult } from '@smena/contract';
import { Alert, Button, Modal, Result, Spin } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
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
export function QrCheckDialog({
  open,
  onClose,
  onQueue,
}: {
  open: boolean;
  onClose: () => void;
  /** Keeps the scan on the phone without a network (decision 032); false when it cannot. */
  onQueue?: (payload: string, key: string) => Promise<boolean>;
}) {
  const punch = useKioskQrPunch();
  const [result, setResult] = useState<KioskPunchResult | 'QUEUED' | null>(null);
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
    const idempotencyKey = key;
    const keep = async (failure?: unknown) => {
      if (onQueue && (await onQueue(payload, idempotencyKey))) setResult('QUEUED');
      else setError(getErrorMessage(failure ?? new Error('Нет связи с сервером')));
    };
    if (navigator.onLine === false && onQueue) {
      void keep();
      return;
    }
    punch.mutate(
      { payload, idempotencyKey },
      {
        onSuccess: setResult,
        onError: (failure) => {
          // No answer at all: the scan is kept under the same key, so a request that did reach
          // the server is not made twice.
          if (isApiError(failure) && failure.isNetworkError) void keep(failure);
          else setError(getErrorMessage(failure));
        },
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
      {result === 'QUEUED' ? (
        <Result
          status="warning"
          title="Отметка сохранена и будет отправлена, когда появится связь"
          subTitle="Время сканирования сохранено; QR-код проверит сервер при отправке"
          extra={
            <Button type="primary" size="large" onClick={close}>
              Готово
            </Button>
          }
        />
      ) : result ? (
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
