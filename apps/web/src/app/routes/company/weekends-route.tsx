import { PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Empty, Grid, Segmented } from 'antd';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import {
  useDayOffs,
  usePendingRequestsCount,
} from '../../../features/day-offs/api/get-day-offs.ts';
import {
  DayOffsFilters,
  type DayOffsFilterChange,
} from '../../../features/day-offs/components/day-offs-filters.tsx';
import { DayOffsTable } from '../../../features/day-offs/components/day-offs-table.tsx';
import { useDayOffDialogs } from '../../../features/day-offs/components/use-day-off-dialogs.tsx';
import {
  hasFilters,
  parseListState,
  toApiQuery,
  toSearchParams,
  type DayOffsListState,
  type DayOffsTab,
} from '../../../features/day-offs/list-params.ts';

/** «Выходные и отсутствия»: every entry of a period, and the requests waiting for a decision. */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseListState(searchParams);
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const dayOffs = useDayOffs(toApiQuery(state));
  const pending = usePendingRequestsCount();
  const dialogs = useDayOffDialogs();

  const update = useCallback(
    (change: Partial<DayOffsListState>) => {
      setSearchParams(
        (current) => {
          const next = { ...parseListState(current), ...change };
          if (!('page' in change)) next.page = 1;
          return toSearchParams(next);
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  const onFilters = useCallback((change: DayOffsFilterChange) => update(change), [update]);

  const filtered = hasFilters(state);
  const empty = filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ничего не нашли — измените фильтры">
      <Button onClick={() => update({ employeeId: undefined, type: undefined, status: undefined })}>
        Сбросить фильтры
      </Button>
    </Empty>
  ) : state.tab === 'requests' ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="Новых заявок нет. Сотрудники просят отпуск или отгул со своей главной страницы."
    />
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="За этот период отсутствий нет — добавьте отпуск, больничный, праздник или выберите другой период"
    >
      <Button type="primary" icon={<PlusOutlined />} onClick={dialogs.openCreate}>
        Добавить отсутствие
      </Button>
    </Empty>
  );

  return (
    <Page
      title={titles.company.weekends}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={dialogs.openCreate}>
          Добавить отсутствие
        </Button>
      }
    >
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <div className="smena-day-offs__toolbar">
          <Segmented<DayOffsTab>
            aria-label="Раздел"
            value={state.tab}
            onChange={(tab) => update({ tab })}
            options={[
              { value: 'all', label: 'Все' },
              {
                value: 'requests',
                label: (
                  <span>
                    Заявки{' '}
                    <Badge
                      count={pending}
                      showZero
                      size="small"
                      color={pending > 0 ? '#faad14' : '#bfbfbf'}
                    />
                  </span>
                ),
              },
            ]}
          />
        </div>
        <DayOffsFilters state={state} onChange={onFilters} />
        <DayOffsTable
          data={dayOffs.data}
          loading={dayOffs.isFetching}
          page={state.page}
          limit={state.limit}
          isPhone={isPhone}
          actions={dialogs.actions}
          pendingId={dialogs.pendingId}
          onPageChange={(page, limit) => update({ page, limit })}
          empty={empty}
        />
      </Card>
      {dialogs.dialogs}
    </Page>
  );
}
