import type { BulkResult } from '@smena/contract';
import { Alert, Typography } from 'antd';
import './feedback.css';

/**
 * The outcome of a bulk action: «Успешно: N» and, when some items were refused, who (and which
 * date) and why. The refused ones changed nothing.
 */
export function BulkResultView({ result }: { result: BulkResult }) {
  const failed = result.failed.length;
  const succeeded = `Успешно: ${result.succeeded}`;
  return (
    <div aria-live="polite">
      <Alert
        type={failed === 0 ? 'success' : result.succeeded === 0 ? 'error' : 'warning'}
        showIcon
        title={failed === 0 ? succeeded : `${succeeded} · Не выполнено: ${failed}`}
        description={
          failed > 0
            ? 'Для строк ниже ничего не изменилось — устраните причину и повторите для них.'
            : undefined
        }
      />
      {failed > 0 && (
        <ul className="smena-bulk-failures" aria-label="Не выполнено">
          {result.failed.map((failure) => (
            <li key={`${failure.employeeId}|${failure.date ?? ''}`}>
              <Typography.Text strong>{failure.name || 'Сотрудник'}</Typography.Text>
              {failure.date && (
                <Typography.Text type="secondary"> · {failure.date}</Typography.Text>
              )}
              <div>{failure.reason}</div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
