import type { BulkResult } from '@smena/contract';
import { Alert, List, Typography } from 'antd';

/**
 * The outcome of a bulk action: «Успешно: N» and, when some items were refused, who (and which
 * date) and why. The refused ones changed nothing.
 */
export function BulkResultView({ result, unit }: { result: BulkResult; unit?: string }) {
  const failed = result.failed.length;
  const succeeded = `Успешно: ${result.succeeded}${unit ? ` ${unit}` : ''}`;
  return (
    <div className="smena-bulk-result" aria-live="polite">
      <Alert
        type={failed === 0 ? 'success' : result.succeeded === 0 ? 'error' : 'warning'}
        showIcon
        title={failed === 0 ? succeeded : `${succeeded}. Не выполнено: ${failed}`}
        description={
          failed > 0
            ? 'Для строк ниже ничего не изменилось — исправьте причину и повторите для них.'
            : undefined
        }
      />
      {failed > 0 && (
        <List
          size="small"
          style={{ marginTop: 12, maxHeight: 320, overflowY: 'auto' }}
          aria-label="Не выполнено"
          dataSource={result.failed}
          renderItem={(failure) => (
            <List.Item key={`${failure.employeeId}|${failure.date ?? ''}`}>
              <div>
                <Typography.Text strong>{failure.name || 'Сотрудник'}</Typography.Text>
                {failure.date && (
                  <Typography.Text type="secondary"> · {failure.date}</Typography.Text>
                )}
                <div>{failure.reason}</div>
              </div>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
