import { Badge } from 'antd';
import { usePendingCorrectionsCount } from '../api/get-correction-requests.ts';

/** The count of waiting requests beside the side menu's «Запросы на исправление». */
export function PendingCorrectionsBadge() {
  const count = usePendingCorrectionsCount();
  if (count === 0) return null;
  return (
    <Badge
      count={count}
      size="small"
      overflowCount={99}
      style={{ marginInlineStart: 8 }}
      aria-label={`Ждут решения: ${count}`}
    />
  );
}
