import type { ConfigEntry } from '@smena/contract';
import { Button, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { formatCount } from '../../../components/layout/public-page-layout.tsx';
import { RowActions } from '../../../components/layout/row-actions.tsx';
import { DATE_TIME_FORMAT } from '../../../lib/dates.ts';
import { configTypeColors, configTypeLabels, isBuiltInKey } from '../config-format.ts';
import { ConfigValueEditor } from './config-value-editor.tsx';
import '../../../components/layout/paged-table.css';
import './remote-config.css';

export type ConfigEntryAction = 'edit' | 'delete';

const COMPANY_FORMS = { one: 'компания', few: 'компании', many: 'компаний' };

function actionItems(entry: ConfigEntry) {
  return [
    { key: 'edit', label: 'Изменить' },
    ...(isBuiltInKey(entry.key)
      ? []
      : [{ type: 'divider' as const }, { key: 'delete', label: 'Удалить', danger: true }]),
  ];
}

function KeyCell({ entry }: { entry: ConfigEntry }) {
  return (
    <div className="smena-config-key">
      <Typography.Text code className="smena-config-key__name">
        {entry.key}
      </Typography.Text>
      {isBuiltInKey(entry.key) && <span className="smena-config-key__builtin">встроенный</span>}
    </div>
  );
}

function OverridesCell({
  entry,
  onOpen,
}: {
  entry: ConfigEntry;
  onOpen: (entry: ConfigEntry) => void;
}) {
  if (!entry.companyOverridable) {
    return <Typography.Text type="secondary">Общее для всех</Typography.Text>;
  }
  return (
    <Button
      type="link"
      size="small"
      className="smena-config-overrides-link"
      aria-label={`Значения для компаний: ${entry.key}`}
      onClick={() => onOpen(entry)}
    >
      {entry.overrides.length > 0 ? formatCount(entry.overrides.length, COMPANY_FORMS) : 'Задать'}
    </Button>
  );
}

function Updated({ at }: { at: string }) {
  const date = dayjs(at);
  return date.isValid() ? (
    <div className="smena-config-updated">изменён {date.format(DATE_TIME_FORMAT)}</div>
  ) : null;
}

type TableProps = {
  entries: ConfigEntry[];
  loading: boolean;
  isPhone: boolean;
  onOverrides: (entry: ConfigEntry) => void;
  onAction: (action: ConfigEntryAction, entry: ConfigEntry) => void;
};

/** The keys of the remote configuration: value edited in place, overrides in a drawer. */
export function ConfigEntriesTable({
  entries,
  loading,
  isPhone,
  onOverrides,
  onAction,
}: TableProps) {
  if (isPhone) {
    return (
      <ul className="smena-paged-cards__list" aria-label="Параметры приложения">
        {entries.map((entry) => (
          <li key={entry.key}>
            <Card size="small" className="smena-config-card">
              <div className="smena-list-card__head">
                <div>
                  <KeyCell entry={entry} />
                  <Tag color={configTypeColors[entry.type]} className="smena-config-card__type">
                    {configTypeLabels[entry.type]}
                  </Tag>
                </div>
                <RowActions<ConfigEntryAction>
                  label={entry.key}
                  items={actionItems(entry)}
                  onAction={(action) => onAction(action, entry)}
                />
              </div>
              {entry.description && (
                <Typography.Paragraph type="secondary" className="smena-config-card__description">
                  {entry.description}
                </Typography.Paragraph>
              )}
              <ConfigValueEditor entry={entry} />
              <div className="smena-config-card__foot">
                <span>
                  Для компании: <OverridesCell entry={entry} onOpen={onOverrides} />
                </span>
                <Updated at={entry.updatedAt} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  const columns: TableColumnsType<ConfigEntry> = [
    {
      title: 'Ключ',
      key: 'key',
      width: 230,
      render: (_value, entry) => <KeyCell entry={entry} />,
    },
    {
      title: 'Тип',
      dataIndex: 'type',
      width: 100,
      render: (_value, entry) => (
        <Tag color={configTypeColors[entry.type]}>{configTypeLabels[entry.type]}</Tag>
      ),
    },
    {
      title: 'Значение',
      key: 'value',
      width: 300,
      render: (_value, entry) => <ConfigValueEditor entry={entry} />,
    },
    {
      title: 'Описание',
      dataIndex: 'description',
      render: (_value, entry) => (
        <div>
          <div className="smena-config-description">
            {entry.description || <Typography.Text type="secondary">—</Typography.Text>}
          </div>
          <Updated at={entry.updatedAt} />
        </div>
      ),
    },
    {
      title: 'Для компании',
      key: 'overrides',
      width: 140,
      render: (_value, entry) => <OverridesCell entry={entry} onOpen={onOverrides} />,
    },
    {
      key: 'actions',
      title: <span className="smena-visually-hidden">Действия</span>,
      width: 56,
      align: 'center',
      render: (_value, entry) => (
        <RowActions<ConfigEntryAction>
          label={entry.key}
          items={actionItems(entry)}
          onAction={(action) => onAction(action, entry)}
        />
      ),
    },
  ];

  return (
    <Table<ConfigEntry>
      aria-label="Параметры приложения"
      size="middle"
      rowKey="key"
      columns={columns}
      dataSource={entries}
      loading={loading}
      pagination={false}
      scroll={{ x: 1000 }}
      className="smena-config-table"
    />
  );
}
