import { usePendingCorrectionsCount } from '../api/get-pending-corrections-count.ts';
import './pending-corrections-badge.css';

/**
 * The count of waiting requests beside the side menu's «Запросы на исправление». A plain span
 * rather than antd's Badge: it is drawn on every signed-in page, so it stays small.
 */
export function PendingCorrectionsBadge() {
  const count = usePendingCorrectionsCount();
  if (count === 0) return null;
  return (
    <span className="smena-nav-count" aria-label={`ждут решения: ${count}`}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
