import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { ApiKey, CreatedApiKey } from '@smena/contract';
import { addDays, localDateOf } from '@smena/time';
import { Alert, App, Button, Card, Empty, Grid, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { useKeyBranchOptions } from '../../../features/api-keys/api/get-branch-options.ts';
import { useApiKeys } from '../../../features/api-keys/api/get-api-keys.ts';
import { useRevokeApiKey } from '../../../features/api-keys/api/revoke-api-key.ts';
import { ApiKeySecretModal } from '../../../features/api-keys/components/api-key-secret-modal.tsx';
import { ApiKeysTable } from '../../../features/api-keys/components/api-keys-table.tsx';
import { CodeBlock } from '../../../features/api-keys/components/code-block.tsx';
import { CreateApiKeyModal } from '../../../features/api-keys/components/create-api-key-modal.tsx';
import {
  checkCreateCurl,
  newIdempotencyKey,
  SECRET_PLACEHOLDER,
} from '../../../features/api-keys/curl-example.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';

const FALLBACK_ZONE = 'Europe/Moscow';

/**
 * «API-ключи»: keys of terminals and integrations, created once, revoked for good. The company's
 * ADMIN only, as the server's `/api-keys`: the route guard keeps everyone else out (config/access.ts).
 */
export function Component() {
  const { company, employee } = useSession();
  const { modal } = App.useApp();
  const isPhone = Grid.useBreakpoint().md === false;
  const keys = useApiKeys();
  const branches = useKeyBranchOptions();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Yesterday: a check-out in the future is refused, so the example works at any hour.
  const [yesterday] = useState(() =>
    addDays(localDateOf(Date.now(), company?.timezone ?? FALLBACK_ZONE), -1),
  );

  const curlFor = (secret: string, branchId: number | null) => {
    const branch = branchId ?? branches.data?.[0]?.value;
    if (branch === undefined || !employee?.id) return null;
    return checkCreateCurl({
      origin: window.location.origin,
      secret,
      employeeId: employee.id,
      branchId: branch,
      date: yesterday,
      timezone: company?.timezone ?? FALLBACK_ZONE,
      idempotencyKey,
    });
  };

  const confirmRevoke = (apiKey: ApiKey) => {
    modal.confirm({
      title: `Отозвать ключ «${apiKey.name}»?`,
      content:
        'Запросы с этим ключом сразу перестанут проходить: терминал или интеграция, которые им пользуются, остановятся. Вернуть ключ нельзя — только создать новый.',
      okText: 'Отозвать',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await revoke.mutateAsync(apiKey.id);
          notify.success(`Ключ «${apiKey.name}» отозван`);
        } catch {
          // The query client has shown the server's message.
        }
      },
    });
  };

  const example = curlFor(SECRET_PLACEHOLDER, null);
  const empty = (
    <Empty
      image={<KeyOutlined className="smena-api-keys__empty-icon" />}
      description="Ключей пока нет. Создайте ключ для турникета, терминала или учётной системы."
    >
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
        Создать ключ
      </Button>
    </Empty>
  );

  return (
    <Page
      title={titles.company.apikey}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          Создать ключ
        </Button>
      }
    >
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <Typography.Paragraph type="secondary" className="smena-api-keys__intro">
          Ключ даёт терминалу или интеграции право отправлять отметки прихода и ухода, события
          турникета и читать списки сотрудников и филиалов — без входа под чьим-то именем.
        </Typography.Paragraph>
        {keys.isError ? (
          <Alert type="error" showIcon title={getErrorMessage(keys.error)} />
        ) : (
          <ApiKeysTable
            keys={keys.data ?? []}
            loading={keys.isPending}
            isPhone={isPhone}
            empty={empty}
            onRevoke={confirmRevoke}
          />
        )}
      </Card>
      <Card
        variant="borderless"
        title="Как отправить отметку"
        style={{ marginTop: 16 }}
        styles={{ body: { padding: isPhone ? 12 : 20 } }}
      >
        {example ? (
          <>
            <CodeBlock code={example} label="Пример запроса" />
            <ul className="smena-api-keys__notes">
              <li>
                Ключ передаётся в заголовке <code>Authorization: Bearer …</code> или{' '}
                <code>X-Api-Key</code>.
              </li>
              <li>
                <code>Idempotency-Key</code> — свой для каждой отметки: повтор запроса с тем же
                ключом не создаст вторую отметку, а вернёт первую.
              </li>
              <li>
                Время — ISO 8601 со смещением часового пояса. Без <code>checkOutDateTime</code>{' '}
                сотрудник считается на месте.
              </li>
              <li>
                <code>employeeId</code> — номер сотрудника из адреса его карточки,{' '}
                <code>branchId</code> — номер филиала.
              </li>
            </ul>
          </>
        ) : (
          <Typography.Text type="secondary">
            Пример появится, когда в компании будет хотя бы один филиал.
          </Typography.Text>
        )}
      </Card>
      <CreateApiKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <ApiKeySecretModal
        created={created}
        curl={created ? curlFor(created.secret, created.branchId) : null}
        onClose={() => setCreated(null)}
      />
    </Page>
  );
}
