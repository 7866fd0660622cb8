import type { CreatedApiKey } from '@smena/contract';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { CodeBlock } from './code-block.tsx';
import { CopyButton } from './copy-button.tsx';
import './api-keys.css';

/**
 * The new key's secret, shown this once: the server keeps only its hash. Closing the window
 * drops the secret from the page.
 */
export function ApiKeySecretModal({
  created,
  curl,
  onClose,
}: {
  created: CreatedApiKey | null;
  /** The example request with this key. */
  curl: string | null;
  onClose: () => void;
}) {
  // Unmounted, not just hidden, when closed: the secret leaves the page at once.
  if (!created) return null;
  return (
    <Modal
      open
      title="Ключ создан"
      width={640}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Я сохранил ключ
        </Button>
      }
    >
      <div className="smena-api-key-secret">
        <Alert
          type="warning"
          showIcon
          title="Скопируйте ключ сейчас — он показывается один раз"
          description="Мы храним только отпечаток ключа, поэтому после закрытия окна показать его снова не сможем. Потеряли ключ — отзовите его и создайте новый."
        />
        <div>
          <Typography.Text strong>
            {created.name}
            {created.branchTitle ? ` · ${created.branchTitle}` : ' · все филиалы'}
          </Typography.Text>
        </div>
        <Space.Compact block>
          <Input
            readOnly
            aria-label="Секретный ключ"
            value={created.secret}
            className="smena-api-key-secret__value"
            onFocus={(event) => event.target.select()}
          />
          <CopyButton text={created.secret} type="primary" />
        </Space.Compact>
        {curl && (
          <div>
            <Typography.Paragraph type="secondary" className="smena-api-key-secret__hint">
              Проверить ключ можно этим запросом — он создаст вам отметку за вчера с 09:00 до 18:00:
            </Typography.Paragraph>
            <CodeBlock code={curl} label="Пример запроса с новым ключом" />
          </div>
        )}
      </div>
    </Modal>
  );
}
