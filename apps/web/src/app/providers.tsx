import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import ru_RU from 'antd/locale/ru_RU';
import { useEffect, type ReactNode } from 'react';
import { LoaderOverlay } from '../components/feedback/loader-overlay.tsx';
import { NotificationStream } from '../components/feedback/notifications/notification-stream.tsx';
import { notify } from '../components/feedback/notifications/notify.ts';
import { env } from '../config/env.ts';
import { DATE_FORMAT, setupDayjs } from '../lib/dates.ts';
import { queryClient } from '../lib/query-client.ts';
import { startVersionCheck } from '../lib/version-check.ts';

setupDayjs();

/** antd's Russian texts, with date pickers in the spec's `YYYY-MM-DD`. */
const locale: typeof ru_RU = {
  ...ru_RU,
  DatePicker: ru_RU.DatePicker && {
    ...ru_RU.DatePicker,
    lang: { ...ru_RU.DatePicker.lang, fieldDateFormat: DATE_FORMAT },
  },
};

const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1677ff',
    colorInfo: '#1677ff',
    borderRadius: 8,
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f7fb' },
    Table: { cellPaddingBlock: 10, cellPaddingInline: 12 },
  },
};

/** Hourly: tell the person when a newer build is deployed. */
function useNewBuildCheck(): void {
  useEffect(() => {
    if (!env.isProduction) return;
    return startVersionCheck({
      currentBuildId: env.buildId,
      intervalMs: env.versionCheckIntervalMs,
      onNewVersion: () =>
        notify({
          type: 'info',
          title: 'Доступна новая версия',
          message: 'Обновите страницу, чтобы получить последние исправления и возможности.',
          duration: null,
          action: { label: 'Обновить', onClick: () => window.location.reload() },
        }),
    });
  }, []);
}

export function AppProviders({ children }: { children: ReactNode }) {
  useNewBuildCheck();
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          {children}
          <LoaderOverlay />
          <NotificationStream />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
