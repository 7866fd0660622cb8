import type { MyScheduleMonth } from '@smena/contract';
import { addDays } from '@smena/time';
import { Alert, Button, Card, Empty, Flex, Typography } from 'antd';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { monthTitle } from '@smena/contract';
import { dateTimeOf } from '../../../lib/zoned-instants.ts';
import { cellView } from '../../calendar/index.ts';
import { useAcknowledgeSchedule, useMySchedule } from '../api/my-schedule.ts';
import './my-schedule.css';

/** How far ahead the home page shows the schedule. */
export const MY_SCHEDULE_DAYS = 14;

const WEEKDAYS = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

function weekdayLabel(date: string): string {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

function MonthStatus({ item, zone }: { item: MyScheduleMonth; zone: string }) {
  const acknowledge = useAcknowledgeSchedule();
  // Inside a sentence: «График на декабрь 2026 …».
  const title = monthTitle(item.month).toLowerCase();
  if (item.publicationId === null) {
    return (
      <Alert
        type="info"
        showIcon
        title={`График на ${title} ещё не опубликован`}
        description="Когда руководитель опубликует его, он появится здесь, а вы получите уведомление."
      />
    );
  }
  const publicationId = item.publicationId;
  const changed =
    item.version !== null && item.version > 1 && item.changedDates.length > 0
      ? ` Изменены дни: ${item.changedDates.join(', ')}.`
      : '';
  const published = `График на ${title} опубликован ${dateTimeOf(item.publishedAt!, zone)}`;
  if (item.acknowledgedAt !== null) {
    return (
      <Typography.Text type="secondary" className="smena-my-schedule__status">
        {published}. Ознакомлен {dateTimeOf(item.acknowledgedAt, zone)}
      </Typography.Text>
    );
  }
  // The button goes under the text, not beside it: beside it, a phone squeezes the text into a
  // narrow column.
  return (
    <Alert
      type="warning"
      showIcon
      title={`${published}.${changed}`}
      description={
        <Flex vertical gap={8} align="start">
          <span>Посмотрите свои смены и подтвердите, что ознакомились с графиком.</span>
          <Button
            type="primary"
            loading={acknowledge.isPending}
            onClick={() =>
              acknowledge.mutate(publicationId, {
                onSuccess: () => notify.success('Спасибо: отметка об ознакомлении сохранена'),
                onError: (error) => notify.apiError(error),
              })
            }
          >
            Ознакомлен
          </Button>
        </Flex>
      }
    />
  );
}

/**
 * «Мой график» on the employee's home: the shifts of the coming two weeks as published
 * (decision 028), each month's state — not published yet, or published with «Ознакомлен» until
 * the employee acknowledges it, then when they did. Without publication, the plan as it is.
 */
export function MyScheduleCard({ today, zone }: { today: string; zone: string }) {
  const to = addDays(today, MY_SCHEDULE_DAYS - 1);
  const schedule = useMySchedule(today, to);
  const data = schedule.data;

  let body;
  if (schedule.isError) {
    body = <Alert type="error" showIcon title={getErrorMessage(schedule.error)} />;
  } else if (data) {
    const months = data.publication ? data.months : [];
    body = (
      <>
        {months.length > 0 && (
          <Flex vertical gap={8} className="smena-my-schedule__months">
            {months.map((item) => (
              <MonthStatus key={item.month} item={item} zone={zone} />
            ))}
          </Flex>
        )}
        {data.days.length === 0 ? (
          data.publication ? null : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Смен на эти дни нет" />
          )
        ) : (
          <ul className="smena-my-schedule__list" aria-label="Мои смены на две недели">
            {data.days.map((day) => {
              const view = cellView(day);
              return (
                <li
                  key={day.date}
                  className={`smena-my-schedule__day smena-my-schedule__day--${view.tone}${day.date === today ? ' smena-my-schedule__day--today' : ''}`}
                >
                  <span className="smena-my-schedule__date">
                    {day.date}, {weekdayLabel(day.date)}
                  </span>
                  <span>{view.description}</span>
                </li>
              );
            })}
          </ul>
        )}
      </>
    );
  }

  return (
    <Card
      variant="borderless"
      title="Мой график"
      loading={schedule.isPending}
      className="smena-my-schedule"
    >
      {body}
    </Card>
  );
}
