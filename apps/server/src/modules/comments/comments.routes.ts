import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CommentSchema,
  CommentsPageSchema,
  CreateCommentInputSchema,
  ListCommentsQuerySchema,
  MarkCommentsReadInputSchema,
  MarkCommentsReadResultSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { CommentsService } from './comments.service.ts';

const tags = ['Комментарии'];
const config = { access: COMPANY_MEMBERS };

export function commentsRoutes(commentsService: CommentsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/comments',
      {
        schema: {
          tags,
          summary: 'Комментарии: период, сотрудник, непрочитанные',
          querystring: ListCommentsQuerySchema,
          response: responses({ 200: CommentsPageSchema }),
        },
        config,
      },
      (request) => commentsService.listComments(companyAuth(request), request.query),
    );

    app.post(
      '/comments',
      {
        schema: {
          tags,
          summary: 'Комментарий к отметке или ко дню сотрудника',
          body: CreateCommentInputSchema,
          response: responses({ 201: CommentSchema }),
        },
        config,
      },
      async (request, reply) => {
        const comment = await commentsService.createComment(companyAuth(request), request.body);
        return reply.status(201).send(comment);
      },
    );

    app.post(
      '/comments/read',
      {
        schema: {
          tags,
          summary: 'Отметить комментарии прочитанными',
          body: MarkCommentsReadInputSchema,
          response: responses({ 200: MarkCommentsReadResultSchema }),
        },
        config,
      },
      (request) => commentsService.markRead(companyAuth(request), request.body),
    );
  };
}
