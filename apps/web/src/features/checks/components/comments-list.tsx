import type { Comment } from '@smena/contract';
import { Card, DatePicker, Empty, Pagination, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { useCommentsPage } from '../api/get-comments.ts';
import { DayComments } from './day-comments.tsx';
import './checks.css';

const PAGE_SIZE = 50;
const DEFAULT_DAYS = 30;

type DayThread = {
  key: string;
  employeeId: number;
  employeeName: string;
  date: string;
  comments: Comment[];
};

/** Comments grouped by employee and day, newest day first (the API answers newest first). */
export function groupIntoThreads(comments: readonly Comment[]): DayThread[] {
  const threads = new Map<string, DayThread>();
  for (const comment of comments) {
    const key = `${comment.employeeId}|${comment.date}`;
    const thread = threads.get(key);
    if (thread) thread.comments.push(comment);
    else
      threads.set(key, {
        key,
        employeeId: comment.employeeId,
        employeeName: comment.employeeName,
        date: comment.date,
        comments: [comment],
      });
  }
  return [...threads.values()];
}

/**
 * Comments of a period for managers: one card per employee and day, unread ones marked
 * «новый», a reply box under each. On the employee page `employeeId` narrows it to them.
 */
export function CommentsList({
  zone,
  today,
  employeeId,
  employeeFilter,
}: {
  zone: string;
  today: string;
  employeeId?: number;
  /** A filter by employee (the company-wide list); absent on an employee's page. */
  employeeFilter?: (filter: {
    value: number | undefined;
    onChange: (id?: number) => void;
  }) => ReactNode;
}) {
  const [chosenEmployee, setChosenEmployee] = useState<number | undefined>();
  const [range, setRange] = useState<[string, string]>(() => [
    dayjs(today)
      .subtract(DEFAULT_DAYS - 1, 'day')
      .format(DATE_FORMAT),
    today,
  ]);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const comments = useCommentsPage({
    from: range[0],
    to: range[1],
    employeeId: employeeId ?? chosenEmployee,
    unread: unreadOnly ? 'true' : undefined,
    page,
    limit: PAGE_SIZE,
  });
  const items = comments.data?.items;
  const threads = useMemo(() => groupIntoThreads(items ?? []), [items]);

  return (
    <div className="smena-comments-list">
      <div className="smena-checks-filters" role="search" aria-label="Фильтры комментариев">
        <DatePicker.RangePicker
          aria-label="Период"
          format={DATE_FORMAT}
          allowClear={false}
          value={[dayjs(range[0]), dayjs(range[1])]}
          onChange={(values) => {
            if (!values?.[0] || !values[1]) return;
            setRange([values[0].format(DATE_FORMAT), values[1].format(DATE_FORMAT)]);
            setPage(1);
          }}
        />
        {employeeFilter?.({
          value: chosenEmployee,
          onChange: (id) => {
            setChosenEmployee(id);
            setPage(1);
          },
        })}
        <Space size={8}>
          <Switch
            id="comments-unread-only"
            size="small"
            checked={unreadOnly}
            onChange={(checked) => {
              setUnreadOnly(checked);
              setPage(1);
            }}
          />
          <label htmlFor="comments-unread-only">Только непрочитанные</label>
        </Space>
      </div>
      {comments.isError ? (
        <Typography.Text type="danger">Не удалось загрузить комментарии</Typography.Text>
      ) : threads.length === 0 && !comments.isFetching ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            unreadOnly
              ? 'Непрочитанных комментариев нет'
              : 'За этот период комментариев нет. Сотрудники пишут их к своим дням на главной странице.'
          }
        />
      ) : (
        <div className="smena-comments-list__threads" aria-busy={comments.isFetching}>
          {threads.map((thread) => (
            <Card key={thread.key} size="small" className="smena-comments-list__thread">
              <div className="smena-comments-list__head">
                {employeeId === undefined ? (
                  <Link to={`${paths.company.employee(thread.employeeId)}?tab=comments`}>
                    {thread.employeeName}
                  </Link>
                ) : null}
                <Typography.Text type="secondary">
                  {thread.date}, {dayjs(thread.date).format('dddd')}
                </Typography.Text>
              </div>
              <DayComments
                date={thread.date}
                comments={thread.comments}
                zone={zone}
                employeeId={thread.employeeId}
              />
            </Card>
          ))}
        </div>
      )}
      {(comments.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination
          className="smena-comments-list__pages"
          current={page}
          pageSize={PAGE_SIZE}
          total={comments.data?.total ?? 0}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </div>
  );
}
