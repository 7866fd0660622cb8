import type { z } from 'zod';
import type {
  Comment,
  CreateCommentInput,
  ListCommentsQuerySchema,
  MarkCommentsReadInput,
  MarkCommentsReadResult,
  Page,
} from '@smena/contract';
import { localDateOf } from '@smena/time';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { offsetOf, pageResult } from '../../lib/pagination.ts';
import { type CommentRow, createCommentsRepository } from './comments.repository.ts';

export type ListCommentsValues = z.output<typeof ListCommentsQuerySchema>;

/** Called after a comment is saved: the place where push notifications will hook in. */
export type OnCommentCreated = (
  comment: Comment,
  context: { companyId: number },
) => void | Promise<void>;

function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeName: row.employeeName,
    date: row.date,
    checkId: row.checkId,
    authorId: row.authorId,
    authorName: row.authorName,
    text: row.text,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

const isEmployee = (auth: CompanyAuthContext) => auth.role === 'EMPLOYEE';

export type CommentsService = ReturnType<typeof createCommentsService>;

export function createCommentsService(deps: {
  db: Db;
  onCommentCreated?: OnCommentCreated;
  log?: { error: (object: unknown, message: string) => void };
}) {
  const repository = createCommentsRepository(deps.db);

  return {
    /** An EMPLOYEE sees the comments on their own days only. */
    async listComments(
      auth: CompanyAuthContext,
      query: ListCommentsValues,
    ): Promise<Page<Comment>> {
      if (query.from && query.to && query.to < query.from) {
        throw AppError.validation('to', 'Дата окончания не может быть раньше даты начала');
      }
      const { items, total } = await repository.findComments(
        auth.companyId,
        auth.employeeId,
        {
          from: query.from,
          to: query.to,
          employeeId: isEmployee(auth) ? auth.employeeId : query.employeeId,
          unread: query.unread,
        },
        { limit: query.limit, offset: offsetOf(query) },
        auth.scope,
      );
      return pageResult(items.map(toComment), total, query);
    },

    /** On a check, or on an employee's date: an EMPLOYEE on their own only. */
    async createComment(auth: CompanyAuthContext, input: CreateCommentInput): Promise<Comment> {
      let employeeId: number;
      let date: string;
      let checkId: number | null = null;
      if (input.checkId !== undefined) {
        const check = await repository.findCheck(auth.companyId, input.checkId, auth.scope);
        if (!check || (isEmployee(auth) && check.employeeId !== auth.employeeId)) {
          throw AppError.notFound('Отметка не найдена');
        }
        if (input.employeeId !== undefined && input.employeeId !== check.employeeId) {
          throw AppError.validation('employeeId', 'Отметка другого сотрудника');
        }
        employeeId = check.employeeId;
        checkId = input.checkId;
        date = input.date ?? localDateOf(check.checkIn.getTime(), check.timezone);
      } else {
        employeeId = input.employeeId ?? auth.employeeId;
        date = input.date!;
        if (isEmployee(auth) && employeeId !== auth.employeeId) {
          throw AppError.forbidden('Комментировать можно только свои дни');
        }
        if (!(await repository.employeeExists(auth.companyId, employeeId, auth.scope))) {
          throw AppError.notFound('Сотрудник не найден');
        }
      }
      const commentId = await repository.insertComment(auth.companyId, {
        employeeId,
        date,
        checkId,
        authorId: auth.employeeId,
        text: input.text,
      });
      const comment = toComment(
        (await repository.findComment(auth.companyId, auth.employeeId, commentId))!,
      );
      if (deps.onCommentCreated) {
        // A failing notification never fails the comment itself.
        try {
          await deps.onCommentCreated(comment, { companyId: auth.companyId });
        } catch (error) {
          deps.log?.error({ err: error }, 'comment notification failed');
        }
      }
      return comment;
    },

    async markRead(
      auth: CompanyAuthContext,
      input: MarkCommentsReadInput,
    ): Promise<MarkCommentsReadResult> {
      const marked = await repository.markRead(
        auth.companyId,
        auth.employeeId,
        [...new Set(input.ids)],
        isEmployee(auth) ? auth.employeeId : undefined,
        auth.scope,
      );
      return { marked };
    },
  };
}
