import { kioskPunchLabel, type KioskPhotoRequest, type KioskPunchResult } from '@smena/contract';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
import { cameraPermission, captureKioskFrame } from '../kiosk-camera.ts';
import { kioskApi, type StoredKiosk } from '../kiosk-device.ts';
import type { QueueStore } from '../offline-queue.ts';
import { useKioskQueue, type KioskPin } from '../use-kiosk-queue.ts';
import { useRotatingQr } from '../use-rotating-qr.ts';
import { PinKeypad } from './pin-keypad.tsx';

/** How long a punch's answer stays on the screen. */
const RESULT_MS = 5_000;

/** The photo of a PIN punch (decision 034): asked for by the server, or not at all. */
type PhotoState = 'taking' | 'saved' | 'failed' | null;

const PHOTO_NOTES: Record<Exclude<PhotoState, null>, string> = {
  taking: 'Фото к отметке — смотрите в камеру',
  saved: 'Фото к отметке сохранено',
  failed: 'Фото не сделано: камера недоступна. Отметка сохранена',
};

function useClock(offsetMs: number) {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 1000);
    return () => clearInterval(timer);
  }, [offsetMs]);
  return now;
}

/**
 * A paired kiosk: the branch, a clock in the branch's zone, the QR that changes every 30 seconds
 * (signed here, so it turns without a network) and the PIN keypad; a punch's answer — the name
 * and «Приход 09:02» — stays for a few seconds.
 */
export function KioskScreen({
  kiosk,
  offsetMs,
  online,
  onRevoked,
  queueStore,
  photoAtPin = false,
  capturePhoto = captureKioskFrame,
}: {
  kiosk: StoredKiosk;
  /** The company takes a photo at PIN punches of those who consented: the screen says so. */
  photoAtPin?: boolean;
  /** One frame of the front camera (a fake in tests); null when there is none. */
  capturePhoto?: () => Promise<Blob | null>;
  /** Where the offline queue lives (IndexedDB by default; a map in tests). */
  queueStore?: QueueStore<KioskPin>;
  /** The server's clock minus this tablet's. */
  offsetMs: number;
  online: boolean;
  onRevoked: (message: string) => void;
}) {
  const now = useClock(offsetMs);
  const qr = useRotatingQr(kiosk.qrSecret, kiosk.deviceId, offsetMs);
  const [keypad, setKeypad] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<KioskPunchResult | 'QUEUED' | null>(null);
  const [photo, setPhoto] = useState<PhotoState>(null);
  const [cameraDenied, setCameraDenied] = useState(false);
  // The punch whose photo the screen shows: an older frame finishing late says nothing.
  const photoOf = useRef(0);
  const queue = useKioskQueue(kiosk, {
    offsetMs,
    onRevoked,
    ...(queueStore ? { store: queueStore } : {}),
  });

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), RESULT_MS);
    return () => clearTimeout(timer);
  }, [result]);

  useEffect(() => {
    if (!photoAtPin) return;
    let live = true;
    void cameraPermission().then((state) => live && setCameraDenied(state === 'denied'));
    return () => {
      live = false;
    };
  }, [photoAtPin]);

  /**
   * The frame the server asked for: taken once, sent with the punch's token. Whatever fails, the
   * punch stands; nothing is kept on the device.
   */
  const takePhoto = async (request: KioskPhotoRequest) => {
    const punch = ++photoOf.current;
    const show = (state: PhotoState) => punch === photoOf.current && setPhoto(state);
    show('taking');
    const frame = await capturePhoto();
    if (!frame) {
      show('failed');
      return;
    }
    try {
      await kioskApi.uploadPhoto(kiosk.token, request.token, frame);
      show('saved');
    } catch {
      show('failed');
    }
  };

  const time = new Intl.DateTimeFormat('ru-RU', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: kiosk.timezone,
  }).format(now);
  const date = new Intl.DateTimeFormat('ru-RU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: kiosk.timezone,
  }).format(now);

  const submitPin = async (input: { personnelNumber: string; pin: string }) => {
    setBusy(true);
    setError(null);
    // Without a network — or behind punches still queued, so that the order holds — the
    // attempt is kept on the device and judged by the server later (decision 032).
    const keep = async () => {
      await queue.enqueue(input);
      setKeypad(false);
      setResult('QUEUED');
    };
    try {
      if (!navigator.onLine || queue.pending > 0) {
        await keep();
        return;
      }
      const answer = await kioskApi.pinPunch(kiosk.token, input);
      setKeypad(false);
      photoOf.current++;
      setPhoto(null);
      setResult(answer);
      if (answer.photo) void takePhoto(answer.photo);
    } catch (failure) {
      if (isApiError(failure) && failure.statusCode === 401) {
        onRevoked(failure.message);
        return;
      }
      if (isApiError(failure) && failure.statusCode === 0) {
        await keep();
        return;
      }
      setError(getErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="smena-kiosk">
      <header className="smena-kiosk__header">
        <div>
          <div className="smena-kiosk__branch">{kiosk.branchTitle}</div>
          <div className="smena-kiosk__company">{kiosk.companyName}</div>
        </div>
        <div className="smena-kiosk__clock">
          <div className="smena-kiosk__time" aria-label="Время филиала">
            {time}
          </div>
          <div className="smena-kiosk__date">{date}</div>
        </div>
      </header>

      {result === 'QUEUED' ? (
        <section className="smena-kiosk__result smena-kiosk__result--queued" role="status">
          <div className="smena-kiosk__result-label">
            Отметка сохранена и будет отправлена, когда появится связь
          </div>
          <div className="smena-kiosk__result-note">
            Без связи киоск не может проверить PIN: сервер проверит его при отправке, время отметки
            сохранено
          </div>
          <button type="button" className="smena-kiosk-button" onClick={() => setResult(null)}>
            Готово
          </button>
        </section>
      ) : result ? (
        <section
          className={`smena-kiosk__result smena-kiosk__result--${result.direction.toLowerCase()}`}
          role="status"
        >
          <div className="smena-kiosk__result-name">{result.employeeName}</div>
          <div className="smena-kiosk__result-label">{kioskPunchLabel(result)}</div>
          {result.repeated && (
            <div className="smena-kiosk__result-note">Эта отметка уже была сделана</div>
          )}
          {photo && (
            <div className="smena-kiosk__result-note smena-kiosk__photo-note" role="status">
              {PHOTO_NOTES[photo]}
            </div>
          )}
          <button type="button" className="smena-kiosk-button" onClick={() => setResult(null)}>
            Готово
          </button>
        </section>
      ) : (
        <div className="smena-kiosk__body">
          <section className="smena-kiosk__qr-panel">
            {/* The payload is what the QR shows anyway: kept readable for tests and support. */}
            <div className="smena-kiosk__qr" data-payload={qr.payload ?? ''}>
              {qr.payload ? (
                <QRCodeSVG value={qr.payload} size={360} level="M" marginSize={2} />
              ) : (
                <div className="smena-kiosk__qr-placeholder" />
              )}
            </div>
            <div className="smena-kiosk__countdown" aria-live="off">
              <div
                className="smena-kiosk__countdown-bar"
                style={{ width: `${(qr.secondsLeft / 30) * 100}%` }}
              />
            </div>
            <div className="smena-kiosk__hint">
              Откройте «Смену» на телефоне → «Отметиться по QR». Код обновится через{' '}
              {qr.secondsLeft} с
            </div>
          </section>
          <section className="smena-kiosk__pin-panel">
            {keypad ? (
              <PinKeypad
                busy={busy}
                error={error}
                onSubmit={(input) => void submitPin(input)}
                onCancel={() => {
                  setKeypad(false);
                  setError(null);
                }}
              />
            ) : (
              <div className="smena-kiosk__pin-intro">
                <p>Нет телефона с собой?</p>
                <button
                  type="button"
                  className="smena-kiosk-button smena-kiosk-button--large"
                  onClick={() => setKeypad(true)}
                >
                  Ввести PIN
                </button>
                <p className="smena-kiosk__pin-note">
                  Табельный номер и личный PIN. PIN задаётся в приложении: «Главная → PIN для
                  киоска».
                </p>
                {photoAtPin && (
                  <p className="smena-kiosk__pin-note">
                    При отметке по PIN киоск делает фото — только тех, кто дал на это согласие.
                  </p>
                )}
              </div>
            )}
          </section>
        </div>
      )}
      {queue.refused.length > 0 && (
        <section className="smena-kiosk__refused" role="alert" aria-label="Не принятые отметки">
          {queue.refused.map((item) => (
            <div key={item.key} className="smena-kiosk__refused-item">
              <span>
                Не принято: таб. № {item.personnelNumber},{' '}
                {new Intl.DateTimeFormat('ru-RU', {
                  day: 'numeric',
                  month: 'short',
                  hour: '2-digit',
                  minute: '2-digit',
                  timeZone: kiosk.timezone,
                }).format(Date.parse(item.deviceAt))}{' '}
                — {item.message}
              </span>
              <button
                type="button"
                className="smena-kiosk-button"
                onClick={() => queue.dismiss(item.key)}
              >
                Понятно
              </button>
            </div>
          ))}
        </section>
      )}
      <footer className="smena-kiosk__footer">
        <span>{kiosk.title}</span>
        {queue.pending > 0 && (
          <span className="smena-kiosk__pending" role="status">
            Ожидают отправки: {queue.pending}
          </span>
        )}
        {photoAtPin && cameraDenied && (
          <span className="smena-kiosk__offline">
            Камера запрещена в браузере: фото к отметкам не делаются
          </span>
        )}
        {!online && (
          <span className="smena-kiosk__offline">
            Нет связи с сервером: отметки по PIN сохраняются на устройстве, QR работает
          </span>
        )}
      </footer>
    </main>
  );
}
