import { parseKioskQr } from '@smena/contract';
import { Alert, Button, Input, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import './qr-scanner.css';

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

const SCAN_EVERY_MS = 250;
const NOT_A_KIOSK = 'Это не QR-код киоска: наведите камеру на код на экране киоска';

/** A decoder of video frames: the browser's BarcodeDetector, else jsQR (loaded only then). */
async function createDecoder(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const Native = (globalThis as unknown as { BarcodeDetector?: DetectorConstructor })
    .BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    // A frame no larger than 640 px across decodes fast enough on a phone.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return (
      jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null
    );
  };
}

/**
 * Reads a kiosk's QR with the phone's camera (the back one), or takes the code typed or pasted
 * by hand. Calls `onPayload` once per kiosk code read; other QR codes are passed over.
 */
export function QrScanner({
  paused,
  onPayload,
}: {
  /** While a scanned code is being sent, or its answer is shown: the camera is let go. */
  paused: boolean;
  onPayload: (payload: string) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [manual, setManual] = useState('');
  const [manualError, setManualError] = useState<string | null>(null);
  const onPayloadRef = useRef(onPayload);
  useEffect(() => {
    onPayloadRef.current = onPayload;
  });
  const cameraSupported =
    typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
  const cameraMessage = cameraSupported
    ? cameraError
    : 'Камера недоступна в этом браузере: введите код вручную';

  useEffect(() => {
    if (paused || !cameraSupported) return;
    const media = navigator.mediaDevices;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      try {
        stream = await media.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (stopped) return;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = stream;
        await video.play().catch(() => undefined);
        const decode = await createDecoder();
        const scan = async () => {
          if (stopped) return;
          try {
            const text = await decode(video);
            if (!stopped && text && parseKioskQr(text)) {
              onPayloadRef.current(text.trim());
              return;
            }
          } catch {
            // A frame that could not be read: the next one may.
          }
          timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
        };
        void scan();
        setCameraError(null);
      } catch {
        if (!stopped) {
          setCameraError(
            'Нет доступа к камере: разрешите её в настройках браузера или введите код вручную',
          );
        }
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [paused, cameraSupported]);

  const submitManual = () => {
    const text = manual.trim();
    if (!parseKioskQr(text)) {
      setManualError(NOT_A_KIOSK);
      return;
    }
    setManualError(null);
    onPayload(text);
  };

  return (
    <div className="smena-qr-scanner">
      {!paused && !cameraMessage && (
        <p className="smena-qr-scanner__hint">Наведите камеру на QR-код на экране киоска</p>
      )}
      {!paused && !cameraMessage && (
        <div className="smena-qr-scanner__frame">
          <video ref={videoRef} muted playsInline className="smena-qr-scanner__video" />
          <div className="smena-qr-scanner__aim" aria-hidden />
        </div>
      )}
      {cameraMessage && <Alert type="info" showIcon title={cameraMessage} />}
      <Space.Compact style={{ width: '100%', marginTop: 12 }}>
        <Input
          value={manual}
          onChange={(event) => {
            setManual(event.target.value);
            setManualError(null);
          }}
          onPressEnter={submitManual}
          placeholder="Код с экрана киоска"
          aria-label="Код с экрана киоска"
          disabled={paused}
          status={manualError ? 'error' : undefined}
        />
        <Button onClick={submitManual} disabled={paused || manual.trim() === ''}>
          Отправить
        </Button>
      </Space.Compact>
      {manualError && (
        <div className="smena-qr-scanner__error" role="alert">
          {manualError}
        </div>
      )}
    </div>
  );
}
