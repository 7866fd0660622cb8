import { StopOutlined } from '@ant-design/icons';
import type { ApiKey } from '@smena/contract';
import { Button, Card, Table, Tag, Typography, type TableProps } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { DATE_TIME_FORMAT } from '../../../lib/dates.ts';
import '../../../components/layout/paged-table.css';
import './api-keys.css';

const at = (iso: string) => dayjs(iso).format(DATE_TIME_FORMAT);

function StatusTag({ apiKey }: { apiKey: ApiKey }) {
  return apiKey.revokedAt ? (
    <Tag>Отозван {at(apiKey.revokedAt)}</Tag>
  ) : (
    <Tag color="green">Действует</Tag>
  );
}

function Prefix({ apiKey }: { apiKey: ApiKey }) {
  return <code className="smena-api-key__prefix">{apiKey.prefix}…</code>;
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  if (apiKey.revokedAt) return null;
  return (
    <Button
      size="small"
      danger
      icon={<StopOutlined />}
      aria-label={`Отозвать ключ ${apiKey.name}`}
      onClick={() => onRevoke(apiKey)}
    >
      Отозвать
    </Button>
  );
}

/** The company's keys: active first as the server lists them; revoked ones greyed. */
export function ApiKeysTable({
  keys,
  loading,
  isPhone,
  empty,
  onRevoke,
}: {
  keys: readonly ApiKey[];
  loading: boolean;
  isPhone: boolean;
  empty: ReactNode;
  onRevoke: (key: ApiKey) => void;
}) {
  if (isPhone) {
    if (keys.length === 0 && !loading) return <>{empty}</>;
    return (
      <ul className="smena-api-keys-cards" aria-label="API-ключи">
        {keys.map((apiKey) => (
          <li key={apiKey.id}>
            <Card
              size="small"
              className={apiKey.revokedAt ? 'smena-api-key-card--revoked' : undefined}
            >
              <div className="smena-list-card__head">
                <div>
                  <div className="smena-list-card__title">{apiKey.name}</div>
                  <Prefix apiKey={apiKey} />
                </div>
                <StatusTag apiKey={apiKey} />
              </div>
              <div className="smena-list-card__meta">
                {apiKey.branchTitle ?? 'Все филиалы'} · создан {at(apiKey.createdAt)}
              </div>
              <div className="smena-list-card__meta">
                {apiKey.lastUsedAt
                  ? `Последний запрос ${at(apiKey.lastUsedAt)}`
                  : 'Ещё не использовался'}
              </div>
              {!apiKey.revokedAt && (
                <div style={{ marginTop: 8 }}>
                  <RevokeButton apiKey={apiKey} onRevoke={onRevoke} />
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  const columns: TableProps<ApiKey>['columns'] = [
    {
      key: 'name',
      title: 'Название',
      render: (_value, apiKey) => <span className="smena-cell-main">{apiKey.name}</span>,
    },
    {
      key: 'prefix',
      title: 'Ключ',
      width: 150,
      render: (_v, apiKey) => <Prefix apiKey={apiKey} />,
    },
    {
      key: 'branch',
      title: 'Филиал',
      width: 180,
      ellipsis: true,
      render: (_value, apiKey) =>
        apiKey.branchTitle ?? <Typography.Text type="secondary">Все филиалы</Typography.Text>,
    },
    { key: 'created', title: 'Создан', width: 150, render: (_v, apiKey) => at(apiKey.createdAt) },
    {
      key: 'used',
      title: 'Последний запрос',
      width: 160,
      render: (_value, apiKey) =>
        apiKey.lastUsedAt ? (
          at(apiKey.lastUsedAt)
        ) : (
          <Typography.Text type="secondary">Не использовался</Typography.Text>
        ),
    },
    {
      key: 'status',
      title: 'Статус',
      width: 190,
      render: (_value, apiKey) => <StatusTag apiKey={apiKey} />,
    },
    {
      key: 'actions',
      title: <span className="smena-visually-hidden">Действия</span>,
      width: 120,
      render: (_value, apiKey) => <RevokeButton apiKey={apiKey} onRevoke={onRevoke} />,
    },
  ];
  return (
    <Table<ApiKey>
      aria-label="API-ключи"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...keys]}
      loading={loading}
      pagination={false}
      scroll={{ x: 900 }}
      rowClassName={(apiKey) => (apiKey.revokedAt ? 'smena-api-key-row--revoked' : '')}
      locale={{ emptyText: loading ? ' ' : empty }}
    />
  );
}
