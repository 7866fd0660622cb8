import type { CalendarEmployee, SchedulePublication } from '@smena/contract';
import { Alert, Button, Drawer, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { dateTimeOf } from '../../../lib/zoned-instants.ts';
import { usePublicationVersion } from '../api/schedule-publication.ts';
import { monthRange } from '../month.ts';
import { CalendarGrid } from './calendar-grid.tsx';

type Props = {
  view: 'acknowledgements' | 'versions' | null;
  /** Newest first. */
  versions: SchedulePublication[];
  month: string;
  zone: string;
  isPhone: boolean;
  onClose: () => void;
};

/**
 * Who acknowledged the version in force (those who have not first), and the versions of the
 * month, each viewable read-only as it was published (decision 028).
 */
export function PublicationDrawer({ view, versions, month, zone, isPhone, onClose }: Props) {
  const [opened, setOpened] = useState<number | null>(null);
  const latest = versions[0];
  const shownId = view === 'acknowledgements' ? (latest?.id ?? null) : opened;
  const details = usePublicationVersion(shownId);
  const days = useMemo(() => monthRange(month).days, [month]);
  const rows = useMemo<CalendarEmployee[]>(
    () =>
      (details.data?.employees ?? []).map((employee) => ({
        employeeId: employee.employeeId,
        name: employee.name,
        departmentTitle: null,
        positionTitle: null,
        branchTitles: [],
        scheduleId: null,
        scheduleTitle: null,
        scheduleColor: null,
        days: employee.days,
        requests: [],
        availability: [],
      })),
    [details.data],
  );
  const version = details.data?.publication;

  let body;
  if (view === 'acknowledgements') {
    const employees = details.data?.employees ?? [];
    const waiting = employees.filter((employee) => employee.acknowledgedAt === null);
    const done = employees.filter((employee) => employee.acknowledgedAt !== null);
    body = details.isPending ? (
      <Skeleton active />
    ) : details.isError ? (
      <Alert type="error" showIcon title={getErrorMessage(details.error)} />
    ) : (
      <>
        <Typography.Title level={5}>Не ознакомлены ({waiting.length})</Typography.Title>
        {waiting.length === 0 ? (
          <Typography.Paragraph type="secondary">Ознакомились все.</Typography.Paragraph>
        ) : (
          <List
            size="small"
            aria-label="Не ознакомлены"
            dataSource={waiting}
            renderItem={(employee) => <List.Item>{employee.name}</List.Item>}
          />
        )}
        <Typography.Title level={5}>Ознакомлены ({done.length})</Typography.Title>
        <List
          size="small"
          aria-label="Ознакомлены"
          dataSource={done}
          locale={{ emptyText: 'Пока никто' }}
          renderItem={(employee) => (
            <List.Item>
              <span>{employee.name}</span>
              <Typography.Text type="secondary">
                {dateTimeOf(employee.acknowledgedAt!, zone)}
              </Typography.Text>
            </List.Item>
          )}
        />
      </>
    );
  } else if (opened !== null) {
    body = (
      <>
        <Button size="small" onClick={() => setOpened(null)} style={{ marginBottom: 12 }}>
          ← Все версии
        </Button>
        {details.isPending ? (
          <Skeleton active />
        ) : details.isError ? (
          <Alert type="error" showIcon title={getErrorMessage(details.error)} />
        ) : rows.length === 0 ? (
          <Empty description="В версии нет сотрудников" />
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              Версия {version?.version}, опубликована{' '}
              {version ? dateTimeOf(version.publishedAt, zone) : ''}
              {version?.publishedBy ? ` (${version.publishedBy.name})` : ''}. Только просмотр.
            </Typography.Paragraph>
            <CalendarGrid
              days={days}
              employees={rows}
              today=""
              editable={false}
              hideDepartments
              compact={isPhone}
              maxHeight="calc(100vh - 220px)"
            />
          </>
        )}
      </>
    );
  } else {
    body = (
      <List
        aria-label="Версии графика"
        dataSource={versions}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button key="open" size="small" onClick={() => setOpened(item.id)}>
                Открыть
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <>
                  Версия {item.version}
                  {item === latest && <Tag style={{ marginLeft: 8 }}>действует</Tag>}
                  {item.late && (
                    <Tag color="warning" style={{ marginLeft: 8 }}>
                      позже срока
                    </Tag>
                  )}
                </>
              }
              description={`${dateTimeOf(item.publishedAt, zone)}${item.publishedBy ? `, ${item.publishedBy.name}` : ''} · изменено у сотрудников: ${item.changedEmployees} из ${item.employees}`}
            />
          </List.Item>
        )}
      />
    );
  }

  return (
    <Drawer
      open={view !== null}
      onClose={onClose}
      size={isPhone ? '100%' : opened !== null && view === 'versions' ? 1100 : 520}
      title={view === 'acknowledgements' ? 'Ознакомление с графиком' : `Версии графика на ${month}`}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
