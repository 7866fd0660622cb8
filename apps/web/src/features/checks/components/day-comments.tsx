import { MessageOutlined } from '@ant-design/icons';
import { CreateCommentInputSchema, type Comment } from '@smena/contract';
import { Button, Input, Tag, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useCreateComment } from '../api/create-comment.ts';
import { useMarkCommentsRead } from '../api/mark-comments-read.ts';
import './checks.css';
import { dateTimeOf } from '../../../lib/zoned-instants.ts';

/** The author's name; a nameless author is the employee themself or their manager. */
function authorOf(comment: Comment): string {
  // The API may send a blank name (a profile without one).
  const name = comment.authorName?.trim();
  if (name) return name;
  return comment.authorId === comment.employeeId ? comment.employeeName : 'Руководитель';
}

/** The comments of a day and a box to add one (`employeeId` for a manager's comment). */
export function DayComments({
  date,
  comments,
  zone,
  employeeId,
}: {
  date: string;
  comments: readonly Comment[];
  zone: string;
  employeeId?: number;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateComment();
  const { mutate: markRead } = useMarkCommentsRead();
  // What is on screen for a moment counts as read (the «новый» marks stay until the next visit).
  const unreadIds = comments
    .filter((comment) => !comment.read)
    .map((comment) => comment.id)
    .join(',');
  useEffect(() => {
    if (!unreadIds) return;
    const timer = setTimeout(() => markRead({ ids: unreadIds.split(',').map(Number) }), 1500);
    return () => clearTimeout(timer);
  }, [unreadIds, markRead]);
  const fieldId = useId();
  // Oldest first: a conversation reads top to bottom.
  const ordered = [...comments].sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  const send = async () => {
    const parsed = CreateCommentInputSchema.safeParse({ date, text, employeeId });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Напишите комментарий');
      return;
    }
    try {
      await create.mutateAsync(parsed.data);
      setText('');
      setOpen(false);
      notify.success('Комментарий отправлен');
    } catch (caught) {
      setError(getErrorMessage(caught));
    }
  };

  return (
    <div className="smena-day-comments">
      {ordered.length > 0 && (
        <ul className="smena-day-comments__list" aria-label={`Комментарии за ${date}`}>
          {ordered.map((comment) => (
            <li key={comment.id} className="smena-day-comments__item">
              <div className="smena-day-comments__meta">
                <span className="smena-day-comments__author">{authorOf(comment)}</span>
                <span> · {dateTimeOf(comment.createdAt, zone)}</span>
                {!comment.read && (
                  <Tag color="blue" className="smena-day-comments__new">
                    новый
                  </Tag>
                )}
              </div>
              <div className="smena-day-comments__text">{comment.text}</div>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <div className="smena-day-comments__form">
          <label htmlFor={fieldId} className="smena-visually-hidden">
            Комментарий за {date}
          </label>
          <Input.TextArea
            id={fieldId}
            autoFocus
            value={text}
            status={error ? 'error' : undefined}
            placeholder="Например: задержался из-за пробки на мосту"
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={2000}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(null);
            }}
          />
          {error && (
            <Typography.Text type="danger" role="alert" className="smena-day-comments__error">
              {error}
            </Typography.Text>
          )}
          <div className="smena-day-comments__buttons">
            <Button size="small" onClick={() => setOpen(false)}>
              Отмена
            </Button>
            <Button
              size="small"
              type="primary"
              loading={create.isPending}
              onClick={() => void send()}
            >
              Отправить
            </Button>
          </div>
        </div>
      ) : (
        <Button
          type="link"
          size="small"
          icon={<MessageOutlined />}
          className="smena-day-comments__add"
          onClick={() => setOpen(true)}
        >
          {ordered.length > 0 ? 'Ответить' : 'Комментарий к дню'}
        </Button>
      )}
    </div>
  );
}
