import type { SchedulePublicationState } from '@smena/contract';
import { Alert, Button, Flex, Modal, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { dateTimeOf } from '../../../lib/zoned-instants.ts';
import type { SchedulePublicationQuery } from '../api/keys.ts';
import { usePublishSchedule } from '../api/schedule-publication.ts';

// The lists of who acknowledged and of the versions load when first opened.
const PublicationDrawer = lazy(() =>
  import('./publication-drawer.tsx').then((module) => ({ default: module.PublicationDrawer })),
);

export const PUBLICATION_REGION = 'Публикация графика';

type Props = {
  query: SchedulePublicationQuery;
  state: SchedulePublicationState;
  zone: string;
  isPhone: boolean;
};

function art103Text(deadline: string): string {
  return `По ст. 103 ТК РФ график доводят до работников не позднее чем за месяц до введения в действие — до ${deadline} включительно. Публикация будет отмечена как поздняя.`;
}

/**
 * The schedule's publication for the branch or department chosen on the calendar (decision
 * 028): a draft or the version in force (when, who, late), how many days changed since, who
 * acknowledged it, the versions, and «Опубликовать» / «Опубликовать изменения» with the art. 103
 * warning in the confirmation when it is late.
 */
export function PublicationBar({ query, state, zone, isPhone }: Props) {
  const publish = usePublishSchedule();
  const [confirming, setConfirming] = useState(false);
  const [drawer, setDrawer] = useState<'acknowledgements' | 'versions' | null>(null);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const latest = state.versions[0];
  const changedEmployees = state.changes.length;
  const open = (view: 'acknowledgements' | 'versions') => {
    setDrawerLoaded(true);
    setDrawer(view);
  };
  const onPublish = () =>
    publish.mutate(query, {
      onSuccess: (publication) => {
        setConfirming(false);
        notify.success(
          publication.version === 1
            ? `График опубликован: сотрудников ${publication.employees}`
            : `Изменения опубликованы, версия ${publication.version}: уведомлены сотрудники, чьи дни изменились (${publication.changedEmployees})`,
        );
      },
      onError: (error) => {
        setConfirming(false);
        notify.apiError(error);
      },
    });

  const canPublish = state.employees > 0 && (!latest || state.changedDays > 0);
  const action = latest ? 'Опубликовать изменения' : 'Опубликовать';

  return (
    <section className="smena-publication" aria-label={PUBLICATION_REGION}>
      <Flex wrap gap={8} align="center">
        {latest ? (
          <>
            <Tag color="success">Опубликован</Tag>
            <Typography.Text>
              {dateTimeOf(latest.publishedAt, zone)}
              {latest.publishedBy ? ` (${latest.publishedBy.name})` : ''}, версия {latest.version}
            </Typography.Text>
            {latest.late && <Tag color="warning">Позже срока ст. 103</Tag>}
          </>
        ) : (
          <Tag>Черновик — сотрудники не видят</Tag>
        )}
        {latest && (
          <Typography.Text type={state.changedDays > 0 ? 'warning' : 'secondary'}>
            {state.changedDays > 0
              ? `Изменено после публикации: дней ${state.changedDays}, сотрудников ${changedEmployees}`
              : 'Изменений после публикации нет'}
          </Typography.Text>
        )}
        {canPublish && (
          <Button
            size="small"
            type="primary"
            loading={publish.isPending}
            onClick={() => setConfirming(true)}
          >
            {action}
          </Button>
        )}
        {latest && (
          <Button size="small" type="link" onClick={() => open('acknowledgements')}>
            Ознакомлены {latest.acknowledged} из {latest.employees}
          </Button>
        )}
        {state.versions.length > 0 && (
          <Button size="small" type="link" onClick={() => open('versions')}>
            Версии ({state.versions.length})
          </Button>
        )}
      </Flex>
      {state.employees === 0 && (
        <Typography.Text type="secondary">В подразделении нет сотрудников.</Typography.Text>
      )}
      <Modal
        open={confirming}
        title={latest ? 'Опубликовать изменения графика?' : 'Опубликовать график?'}
        okText={action}
        cancelText="Отмена"
        confirmLoading={publish.isPending}
        onOk={onPublish}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {latest
            ? `Изменённые дни увидят и получат уведомление сотрудники, которых они касаются: ${changedEmployees}.`
            : `График на ${state.month} (${state.unit.title}) увидят и получат уведомление сотрудники: ${state.employees}. Они отметят, что ознакомлены.`}
        </Typography.Paragraph>
        {state.lateNow && (
          <Alert
            type="warning"
            showIcon
            title="Позже срока"
            description={art103Text(state.deadline)}
          />
        )}
      </Modal>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <PublicationDrawer
            view={drawer}
            versions={state.versions}
            month={state.month}
            zone={zone}
            isPhone={isPhone}
            onClose={() => setDrawer(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
