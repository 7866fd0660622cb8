import { type CheckSignal, checkSignalLabels, POSITIVE_CHECK_SIGNALS } from '@smena/contract';
import { Tag, Tooltip } from 'antd';

/** Short tag texts; the full label is the tooltip (decision 033). */
const SHORT: Record<CheckSignal, string> = {
  QR_VERIFIED: 'QR',
  GPS_ACCURACY_ZERO: 'GPS = 0',
  GPS_LOW_ACCURACY: 'Неточный GPS',
  IMPOSSIBLE_SPEED: 'Скорость',
  NEW_DEVICE: 'Новое устройство',
  OTHER_BRANCH: 'Другой филиал',
  FAILED_PINS: 'Ошибки PIN',
};

/** A check's anti-fraud signals: the positive QR in green, warnings in orange. */
export function CheckSignalTags({ signals }: { signals: readonly CheckSignal[] }) {
  if (signals.length === 0) return null;
  return (
    <span className="smena-checks__signals" aria-label="Сигналы">
      {signals.map((signal) => (
        <Tooltip key={signal} title={checkSignalLabels[signal]}>
          <Tag
            color={POSITIVE_CHECK_SIGNALS.includes(signal) ? 'green' : 'orange'}
            className="smena-checks__signal"
            aria-label={checkSignalLabels[signal]}
          >
            {SHORT[signal]}
          </Tag>
        </Tooltip>
      ))}
    </span>
  );
}
