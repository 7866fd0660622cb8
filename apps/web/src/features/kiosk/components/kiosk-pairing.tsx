import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { kioskApi, saveKiosk, type StoredKiosk } from '../kiosk-device.ts';

/** `ABCD2345` → `ABCD-2345` while typing. */
function formatCode(raw: string): string {
  const clean = raw
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 8);
  return clean.length > 4 ? `${clean.slice(0, 4)}-${clean.slice(4)}` : clean;
}

/**
 * The first screen of a new kiosk: the one-time code an ADMIN created in «Настройки → Киоски».
 * The answer (the device's credential and QR key) stays in this browser's storage.
 */
export function KioskPairing({
  notice,
  onPaired,
}: {
  /** Why the kiosk is here again («Киоск отключён администратором»). */
  notice: string | null;
  onPaired: (kiosk: StoredKiosk, serverTime: string) => void;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = code.replace('-', '').length === 8;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      const paired = await kioskApi.pair(code);
      const kiosk: StoredKiosk = {
        token: paired.token,
        qrSecret: paired.qrSecret,
        deviceId: paired.deviceId,
        title: paired.title,
        branchTitle: paired.branchTitle,
        timezone: paired.timezone,
        companyName: paired.companyName,
      };
      saveKiosk(kiosk);
      onPaired(kiosk, paired.serverTime);
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="smena-kiosk smena-kiosk--pairing">
      <form className="smena-kiosk-pairing" onSubmit={submit}>
        <h1>Подключение киоска</h1>
        <p>
          Администратор компании создаёт код в разделе «Настройки → Киоски». Введите его здесь —
          киоск будет отмечать приход и уход в выбранном филиале.
        </p>
        {notice && (
          <div className="smena-kiosk-pairing__notice" role="status">
            {notice}
          </div>
        )}
        <input
          className="smena-kiosk-pairing__code"
          value={code}
          onChange={(event) => {
            setCode(formatCode(event.target.value));
            setError(null);
          }}
          placeholder="XXXX-XXXX"
          aria-label="Код подключения"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          autoFocus
        />
        {error && (
          <div className="smena-kiosk-pairing__error" role="alert">
            {error}
          </div>
        )}
        <button type="submit" className="smena-kiosk-button" disabled={!ready || busy}>
          {busy ? 'Подключаем…' : 'Подключить'}
        </button>
      </form>
    </main>
  );
}
