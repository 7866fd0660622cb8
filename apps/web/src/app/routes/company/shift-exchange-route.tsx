import { PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Grid, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { useCheckBranches } from '../../../features/checks/api/get-branch-zones.ts';
import { useNow } from '../../../features/checks/use-now.ts';
import { usePositions } from '../../../features/positions/api/get-positions.ts';
import { useShiftExchangePending } from '../../../features/shift-exchange/api/shift-exchange-api.ts';
import {
  ClaimsList,
  OpenShiftsList,
  SwapsList,
} from '../../../features/shift-exchange/components/manager-lists.tsx';
import { dateOf } from '../../../lib/zoned-instants.ts';
import { safeZone } from '../../../lib/zoned-time.ts';

// The form loads when it is first opened.
const OpenShiftFormDrawer = lazy(() =>
  import('../../../features/shift-exchange/components/open-shift-form-drawer.tsx').then(
    (module) => ({ default: module.OpenShiftFormDrawer }),
  ),
);

const TABS = ['open', 'claims', 'swaps'] as const;
type Tab = (typeof TABS)[number];

/**
 * «Открытые смены» (decision 029): shifts posted without an employee with their claims, the
 * claims to decide and the employees' hand-overs to approve; the tabs show what waits.
 */
export function Component() {
  const { company, employee } = useSession();
  const today = dateOf(useNow(), safeZone(company?.timezone));
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((value) => value === params.get('tab')) ?? 'open';
  const [posting, setPosting] = useState(false);
  const isPhone = Grid.useBreakpoint().md === false;
  const pending = useShiftExchangePending();
  const branches = useCheckBranches();
  const positions = usePositions();
  const selfId = employee?.id ?? null;
  const label = (text: string, count: number | undefined) => (
    <span>
      {text} {count ? <Badge count={count} size="small" /> : null}
    </span>
  );

  return (
    <Page
      title={titles.company.shiftExchange}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPosting(true)}>
          Выложить смену
        </Button>
      }
    >
      <Card variant="borderless">
        <Tabs
          // Three tabs do not fit a phone's width: they wrap instead of hiding one behind «…».
          className={isPhone ? 'smena-tabs--wrap' : undefined}
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={[
            {
              key: 'open',
              label: 'Открытые смены',
              children: <OpenShiftsList from={today} />,
            },
            {
              key: 'claims',
              label: label('Заявки', pending.data?.claims),
              children: <ClaimsList selfId={selfId} />,
            },
            {
              key: 'swaps',
              label: label('Обмены сменами', pending.data?.swaps),
              children: <SwapsList selfId={selfId} />,
            },
          ]}
        />
      </Card>
      {posting && (
        <Suspense fallback={null}>
          <OpenShiftFormDrawer
            open
            onClose={() => setPosting(false)}
            branches={(branches.data ?? []).filter((branch) => branch.active)}
            positions={positions.data?.items ?? []}
          />
        </Suspense>
      )}
    </Page>
  );
}
