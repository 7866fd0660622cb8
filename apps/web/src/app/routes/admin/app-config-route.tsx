import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ConfigEntry } from '@smena/contract';
import { App, Button, Card, Empty, Grid, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { CompanySelect } from '../../../features/admin-companies/components/company-select.tsx';
import { useDeleteConfigEntry } from '../../../features/remote-config/api/delete-config-entry.ts';
import { useConfigEntries } from '../../../features/remote-config/api/get-config-entries.ts';
import {
  ConfigEntriesTable,
  type ConfigEntryAction,
} from '../../../features/remote-config/components/config-entries-table.tsx';
import { ConfigEntryFormDrawer } from '../../../features/remote-config/components/config-entry-form-drawer.tsx';
import { ConfigOverridesDrawer } from '../../../features/remote-config/components/config-overrides-drawer.tsx';

/**
 * «Настройки приложения»: the remote configuration every browser loads at start (switches,
 * intervals, the maintenance banner), with values per company where a key allows it.
 */
export function Component() {
  const { modal } = App.useApp();
  const isPhone = Grid.useBreakpoint().md === false;
  const entries = useConfigEntries();
  const deleteEntry = useDeleteConfigEntry();
  const [form, setForm] = useState<{ open: boolean; entry: ConfigEntry | null }>({
    open: false,
    entry: null,
  });
  // By key: the drawer shows the entry as the list has it after every change.
  const [overrides, setOverrides] = useState<{ open: boolean; key: string | null }>({
    open: false,
    key: null,
  });
  const items = entries.data?.items ?? [];
  const overridesEntry = items.find((entry) => entry.key === overrides.key) ?? null;

  const confirmDelete = (entry: ConfigEntry) =>
    modal.confirm({
      title: 'Вы уверены?',
      content: `Параметр ${entry.key} будет удалён вместе со значениями для компаний.`,
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await deleteEntry.mutateAsync(entry.key);
          notify.success(`Параметр ${entry.key} удалён`);
        } catch {
          // The query client has already shown the server's message.
        }
      },
    });

  const onAction = (action: ConfigEntryAction, entry: ConfigEntry) => {
    if (action === 'edit') setForm({ open: true, entry });
    else confirmDelete(entry);
  };

  let body;
  if (!entries.data && entries.isError) {
    body = (
      <Empty description="Не удалось загрузить настройки">
        <Button icon={<ReloadOutlined />} onClick={() => void entries.refetch()}>
          Повторить
        </Button>
      </Empty>
    );
  } else if (!entries.data) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (items.length === 0) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Параметров пока нет">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setForm({ open: true, entry: null })}
        >
          Добавить параметр
        </Button>
      </Empty>
    );
  } else {
    body = (
      <ConfigEntriesTable
        entries={items}
        loading={entries.isFetching && !entries.isFetched}
        isPhone={isPhone}
        onOverrides={(entry) => setOverrides({ open: true, key: entry.key })}
        onAction={onAction}
      />
    );
  }

  return (
    <Page
      title={titles.admin.appConfig}
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setForm({ open: true, entry: null })}
        >
          Добавить параметр
        </Button>
      }
    >
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          Приложение загружает эти значения при запуске и обновляет раз в час. Изменения
          записываются в журнал действий.
        </Typography.Paragraph>
        {body}
      </Card>
      <ConfigEntryFormDrawer
        open={form.open}
        entry={form.entry}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
      <ConfigOverridesDrawer
        open={overrides.open}
        entry={overridesEntry}
        onClose={() => setOverrides((current) => ({ ...current, open: false }))}
        companyPicker={(props) => <CompanySelect {...props} aria-label="Компания" />}
      />
    </Page>
  );
}
