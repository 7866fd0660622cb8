import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
// The style hook of antd's <App> alone: <App> would bring its message, notification and modal.
import useAppStyle from 'antd/es/app/style';
import ru_RU from 'antd/locale/ru_RU';
import { useContext, useEffect, type ReactNode } from 'react';
import { ConnectionIndicator } from '../components/feedback/connection-indicator.tsx';
import { LoaderOverlay } from '../components/feedback/loader-overlay.tsx';
import { NotificationStream } from '../components/feedback/notifications/notification-stream.tsx';
import { notify } from '../components/feedback/notifications/notify.ts';
import { env } from '../config/env.ts';
import { setAnalyticsEnabled } from '../features/analytics/analytics.ts';
import { useAnalyticsPreference } from '../features/analytics/api/get-analytics-preference.ts';
import { analyticsConsent } from '../features/analytics/consent.ts';
import { useTokens } from '../features/auth/use-session.ts';
import {
  useRemoteConfig,
  useRemoteConfigState,
} from '../features/remote-config/use-remote-config.ts';
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

/** Every `app.versionCheckMinutes`: tell the person when a newer build is deployed. */
function useNewBuildCheck(): void {
  const minutes = useRemoteConfig('app.versionCheckMinutes');
  // At least a minute apart, whatever the configuration says.
  const intervalMs = Math.max(1, minutes) * 60_000;
  useEffect(() => {
    if (!env.isProduction) return;
    return startVersionCheck({
      currentBuildId: env.buildId,
      intervalMs,
      onNewVersion: () =>
        notify({
          type: 'info',
          title: 'Доступна новая версия',
          message: 'Обновите страницу, чтобы получить последние исправления и возможности.',
          duration: null,
          action: { label: 'Обновить', onClick: () => window.location.reload() },
        }),
    });
  }, [intervalMs]);
}

/** Product events are recorded when the remote flag and the person's own choice allow it. */
function useAnalyticsSwitch(): void {
  const tokens = useTokens();
  const isSignedIn = Boolean(tokens.accessToken);
  const isImpersonating = isSignedIn && tokens.superAdminTokens !== null;
  const flag = useRemoteConfigState('analytics.enabled');
  const preference = useAnalyticsPreference(isSignedIn && !isImpersonating);
  const enabled = analyticsConsent({
    flag: flag.value,
    flagLoaded: flag.isLoaded,
    isSignedIn,
    isImpersonating,
    preference: preference.data?.enabled,
    preferenceFailed: preference.isError,
  });
  useEffect(() => setAnalyticsEnabled(enabled), [enabled]);
}

/** App-wide work that reads server state: the new-build check and the analytics switch. */
function AppServices() {
  useNewBuildCheck();
  useAnalyticsSwitch();
  return null;
}

/**
 * The element antd's <App> renders around every page (`ant-app` and the theme's classes: text
 * colour, size and font, antd's link styles), without <App>'s message, notification and modal
 * APIs: those come with the signed-in layout (App.useApp), so the login page does not download them.
 */
function AppRoot({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  return <div className={`${hashId} ${prefixCls} ${cssVarCls}`}>{children}</div>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <AppRoot>
        <QueryClientProvider client={queryClient}>
          <AppServices />
          {children}
          <LoaderOverlay />
          <ConnectionIndicator />
          <NotificationStream />
        </QueryClientProvider>
      </AppRoot>
    </ConfigProvider>
  );
}
