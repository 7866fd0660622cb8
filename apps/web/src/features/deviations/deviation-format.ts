import { type DeviationItem, formatDistance } from '@smena/contract';
import { formatDuration } from '../../lib/durations.ts';

/** What the deviation amounts to, in words: «на 1 ч», «2 ч», «412 м от зоны», «отметок: 2». */
export function describeAmount(item: Pick<DeviationItem, 'type' | 'amount'>): string {
  const { amount } = item;
  if (amount === null) return '';
  switch (item.type) {
    case 'LATE':
    case 'EARLY_LEAVE':
      return `на ${formatDuration(amount)}`;
    case 'OVERTIME':
    case 'DAY_OFF_WORK':
      return formatDuration(amount);
    case 'OUTSIDE_ZONE':
      return `${formatDistance(amount)} от зоны`;
    case 'AUTO_CLOSED':
    case 'NO_SHIFT':
    case 'AFTER_CLOSE':
      return `отметок: ${amount}`;
    case 'MANUAL_CORRECTION':
      return `правок: ${amount}`;
    case 'ABSENCE':
      return '';
  }
}

/** «3 отклонения», «1 отклонение», «5 отклонений». */
export function deviationsLabel(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  const word =
    tens >= 11 && tens <= 14
      ? 'отклонений'
      : ones === 1
        ? 'отклонение'
        : ones >= 2 && ones <= 4
          ? 'отклонения'
          : 'отклонений';
  return `${count} ${word}`;
}
