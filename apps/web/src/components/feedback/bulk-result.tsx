import type { BulkResult } from '@smena/contract';
import { Alert, Button, Flex, Modal, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import './feedback.css';

/**
 * The frame every bulk action shares (employees, calendar cells): a modal — the whole screen on
 * phones — with the action's parameters, its confirmation, then what came of it.
 */
export function BulkActionModal(props: {
  open: boolean;
  title: ReactNode;
  fullScreen: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { open, title, fullScreen, onClose, children } = props;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={fullScreen ? '100%' : 480}
      style={fullScreen ? { top: 0, maxWidth: '100vw', margin: 0, padding: 0 } : undefined}
      title={title}
    >
      {children}
    </Modal>
  );
}

/** The last step: the outcome and «Готово». */
export function BulkDone({ result, onClose }: { result: BulkResult; onClose: () => void }) {
  return (
    <Flex vertical gap={16}>
      <BulkResultView result={result} />
      <Button type="primary" onClick={onClose} style={{ alignSelf: 'flex-end' }}>
        Готово
      </Button>
    </Flex>
  );
}

/** Why the whole request was refused (422, 404), above the parameters. */
export function BulkError({ error }: { error: string | null }) {
  return error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null;
}

/** «Отмена» and the action's button, which submits the parameters' form. */
export function BulkFooter(props: {
  label: string;
  danger?: boolean;
  busy: boolean;
  onCancel: () => void;
}) {
  const { label, danger = false, busy, onCancel } = props;
  return (
    <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
      <Button onClick={onCancel} disabled={busy}>
        Отмена
      </Button>
      <Button type="primary" danger={danger} htmlType="submit" loading={busy}>
        {label}
      </Button>
    </Space>
  );
}

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
