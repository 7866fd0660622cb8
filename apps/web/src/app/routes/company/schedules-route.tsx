import { PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { scheduleTypeLabels, type Schedule, type ScheduleType } from '@smena/contract';
import { App, Button, Empty, Flex, Grid, Input, Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { useDeleteSchedule } from '../../../features/schedules/api/delete-schedule.ts';
import { useSchedules } from '../../../features/schedules/api/get-schedules.ts';
import { AssignScheduleModal } from '../../../features/schedules/components/assign-schedule-modal.tsx';
import { ScheduleFormDrawer } from '../../../features/schedules/components/schedule-form-drawer.tsx';
import { SCHEDULE_TYPES } from '../../../features/schedules/components/schedule-helpers.ts';
import {
  SchedulesList,
  type ScheduleAction,
} from '../../../features/schedules/components/schedules-list.tsx';

const TYPE_FILTER_OPTIONS = SCHEDULE_TYPES.map((type) => ({
  value: type,
  label: scheduleTypeLabels[type],
}));

const EMPTY_TEXT =
  'Графиков пока нет — создайте первый: например, пятидневка 09:00–18:00 или сменный 2/2';

/** Work schedules: list, search, add, edit, assign, delete (spec: «Графики»). */
export function Component() {
  const { company, isAdminOrManager } = useSession();
  const timezone = company?.timezone ?? 'Europe/Moscow';
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const [search, setSearch] = useState('');
  const [type, setType] = useState<ScheduleType | undefined>(undefined);
  const deferredSearch = useDeferredValue(search);
  const schedules = useSchedules({ search: deferredSearch, type });
  const allSchedules = useSchedules();
  const deleteSchedule = useDeleteSchedule();
  // `key` gives every opening a fresh form (a kept form instance would keep the last values).
  const [drawer, setDrawer] = useState<{ open: boolean; schedule: Schedule | null; key: number }>({
    open: false,
    schedule: null,
    key: 0,
  });
  const [assign, setAssign] = useState<{ open: boolean; scheduleId: number | null; key: number }>({
    open: false,
    scheduleId: null,
    key: 0,
  });

  const items = schedules.data?.items ?? [];
  const filtered = search.trim() !== '' || type !== undefined;

  const openForm = (schedule: Schedule | null) =>
    setDrawer((current) => ({ open: true, schedule, key: current.key + 1 }));
  const openAssign = (scheduleId: number | null) =>
    setAssign((current) => ({ open: true, scheduleId, key: current.key + 1 }));

  const confirmDelete = (schedule: Schedule) => {
    modal.confirm({
      title: 'Вы уверены?',
      content:
        schedule.employeeCount > 0
          ? `График «${schedule.title}» назначен сотрудникам (${schedule.employeeCount}). Сначала назначьте им другой график.`
          : `График «${schedule.title}» будет удалён.`,
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await deleteSchedule.mutateAsync(schedule.id);
          notify.success(`График «${schedule.title}» удалён`);
        } catch {
          // The query client has already shown the server's message.
        }
      },
    });
  };

  const onAction = (action: ScheduleAction, schedule: Schedule) => {
    if (action === 'edit') openForm(schedule);
    else if (action === 'assign') openAssign(schedule.id);
    else confirmDelete(schedule);
  };

  const empty = filtered ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="Ничего не найдено: измените запрос или тип графика."
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT}>
      {isAdminOrManager && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          Добавить график
        </Button>
      )}
    </Empty>
  );

  return (
    <Page
      title={titles.company.schedules}
      actions={
        isAdminOrManager && (
          <Flex gap={8} wrap>
            <Button icon={<TeamOutlined />} onClick={() => openAssign(null)}>
              Назначить график
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              Добавить график
            </Button>
          </Flex>
        )
      }
    >
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Поиск по названию"
          aria-label="Поиск графиков"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 240px', maxWidth: isPhone ? undefined : 360 }}
        />
        <Select<ScheduleType>
          allowClear
          placeholder="Все типы"
          aria-label="Тип графика"
          options={TYPE_FILTER_OPTIONS}
          value={type}
          onChange={(value) => setType(value)}
          style={{ width: isPhone ? '100%' : 200 }}
        />
      </Flex>
      <SchedulesList
        schedules={items}
        loading={schedules.isPending || (schedules.isFetching && schedules.isPlaceholderData)}
        empty={empty}
        canEdit={isAdminOrManager}
        onAction={onAction}
      />
      <ScheduleFormDrawer
        key={`form-${drawer.key}`}
        open={drawer.open}
        schedule={drawer.schedule}
        timezone={timezone}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
      />
      <AssignScheduleModal
        key={`assign-${assign.key}`}
        open={assign.open}
        schedules={allSchedules.data?.items ?? []}
        scheduleId={assign.scheduleId}
        timezone={timezone}
        onClose={() => setAssign((current) => ({ ...current, open: false }))}
      />
    </Page>
  );
}
