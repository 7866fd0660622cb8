import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AvailableOpenShiftListSchema,
  ClaimListSchema,
  ClaimWithShiftSchema,
  CreateOpenShiftInputSchema,
  IdParamsSchema,
  ListClaimsQuerySchema,
  ListOpenShiftsQuerySchema,
  ListSwapsQuerySchema,
  MySwapsSchema,
  OfferSwapInputSchema,
  OpenShiftListSchema,
  OpenShiftSchema,
  ReasonInputSchema,
  ShiftExchangePendingSchema,
  ShiftSwapListSchema,
  ShiftSwapSchema,
  SwapColleaguesQuerySchema,
  SwapColleaguesSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createShiftExchangeService } from './shift-exchange.service.ts';

const tags = ['Открытые смены и обмены'];
const manager = { access: ADMIN_OR_MANAGER };
const member = { access: COMPANY_MEMBERS };
/** Routes that write the roster re-plan the shift reminders, as `PUT /roster` does. */
const writesRoster = { reschedulesReminders: true };

/**
 * Open shifts and hand-overs (decision 029): managers post open shifts and decide claims and
 * accepted hand-overs within their scope; every member claims, offers and accepts for themself.
 */
export function shiftExchangeRoutes(deps: ModuleDeps) {
  const service = createShiftExchangeService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/open-shifts',
      {
        schema: {
          tags,
          summary: 'Выложить открытую смену (без сотрудника) филиала',
          body: CreateOpenShiftInputSchema,
          response: responses({ 201: OpenShiftSchema }),
        },
        config: manager,
      },
      async (request, reply) =>
        reply.status(201).send(await service.createOpenShift(companyAuth(request), request.body)),
    );

    app.get(
      '/open-shifts',
      {
        schema: {
          tags,
          summary: 'Открытые смены филиалов руководителя с заявками',
          querystring: ListOpenShiftsQuerySchema,
          response: responses({ 200: OpenShiftListSchema }),
        },
        config: manager,
      },
      (request) => service.listOpenShifts(companyAuth(request), request.query),
    );

    app.get(
      '/open-shifts/available',
      {
        schema: {
          tags,
          summary: 'Открытые смены, на которые я могу откликнуться',
          response: responses({ 200: AvailableOpenShiftListSchema }),
        },
        config: member,
      },
      (request) => service.listAvailable(companyAuth(request)),
    );

    app.post(
      '/open-shifts/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Отменить открытую смену (ждущие заявки отклоняются)',
          params: IdParamsSchema,
          response: responses({ 200: OpenShiftSchema }),
        },
        config: manager,
      },
      (request) => service.cancelOpenShift(companyAuth(request), request.params.id),
    );

    app.post(
      '/open-shifts/:id/claim',
      {
        schema: {
          tags,
          summary: 'Откликнуться на открытую смену',
          params: IdParamsSchema,
          response: responses({ 201: ClaimWithShiftSchema }),
        },
        config: { ...member, ...writesRoster },
      },
      async (request, reply) =>
        reply.status(201).send(await service.claim(companyAuth(request), request.params.id)),
    );

    app.get(
      '/open-shift-claims',
      {
        schema: {
          tags,
          summary: 'Заявки сотрудников на открытые смены',
          querystring: ListClaimsQuerySchema,
          response: responses({ 200: ClaimListSchema }),
        },
        config: manager,
      },
      (request) => service.listClaims(companyAuth(request), request.query.status),
    );

    app.post(
      '/open-shift-claims/:id/approve',
      {
        schema: {
          tags,
          summary: 'Одобрить заявку: смена встаёт в график сотрудника',
          params: IdParamsSchema,
          response: responses({ 200: ClaimWithShiftSchema }),
        },
        config: { ...manager, ...writesRoster },
      },
      (request) => service.approveClaim(companyAuth(request), request.params.id),
    );

    app.post(
      '/open-shift-claims/:id/reject',
      {
        schema: {
          tags,
          summary: 'Отклонить заявку с причиной',
          params: IdParamsSchema,
          body: ReasonInputSchema,
          response: responses({ 200: ClaimWithShiftSchema }),
        },
        config: manager,
      },
      (request) => service.rejectClaim(companyAuth(request), request.params.id, request.body),
    );

    app.post(
      '/open-shift-claims/:id/withdraw',
      {
        schema: {
          tags,
          summary: 'Отозвать свою заявку, пока она не рассмотрена',
          params: IdParamsSchema,
          response: responses({ 200: ClaimWithShiftSchema }),
        },
        config: member,
      },
      (request) => service.withdrawClaim(companyAuth(request), request.params.id),
    );

    app.get(
      '/shift-exchange/pending-count',
      {
        schema: {
          tags,
          summary: 'Сколько заявок и обменов ждёт решения',
          response: responses({ 200: ShiftExchangePendingSchema }),
        },
        config: manager,
      },
      (request) => service.countPending(companyAuth(request)),
    );

    app.post(
      '/shift-swaps',
      {
        schema: {
          tags,
          summary: 'Предложить свою смену коллеге или любому подходящему',
          body: OfferSwapInputSchema,
          response: responses({ 201: ShiftSwapSchema }),
        },
        config: member,
      },
      async (request, reply) =>
        reply.status(201).send(await service.offerSwap(companyAuth(request), request.body)),
    );

    app.get(
      '/shift-swaps/mine',
      {
        schema: {
          tags,
          summary: 'Предложения мне и мои предложения',
          response: responses({ 200: MySwapsSchema }),
        },
        config: member,
      },
      (request) => service.listMySwaps(companyAuth(request)),
    );

    app.get(
      '/shift-swaps/colleagues',
      {
        schema: {
          tags,
          summary: 'Коллеги, которые могут взять мою смену',
          querystring: SwapColleaguesQuerySchema,
          response: responses({ 200: SwapColleaguesSchema }),
        },
        config: member,
      },
      (request) =>
        service.listColleagues(companyAuth(request), request.query.date, request.query.start),
    );

    for (const [action, summary] of [
      ['accept', 'Принять предложенную смену (дальше — решение руководителя)'],
      ['decline', 'Отказаться от предложенной мне смены'],
      ['cancel', 'Отменить своё предложение'],
    ] as const) {
      app.post(
        `/shift-swaps/:id/${action}`,
        {
          schema: {
            tags,
            summary,
            params: IdParamsSchema,
            response: responses({ 200: ShiftSwapSchema }),
          },
          config: member,
        },
        (request) => {
          const auth = companyAuth(request);
          const id = request.params.id;
          if (action === 'accept') return service.acceptSwap(auth, id);
          if (action === 'decline') return service.declineSwap(auth, id);
          return service.cancelSwap(auth, id);
        },
      );
    }

    app.get(
      '/shift-swaps',
      {
        schema: {
          tags,
          summary: 'Обмены сменами сотрудников',
          querystring: ListSwapsQuerySchema,
          response: responses({ 200: ShiftSwapListSchema }),
        },
        config: manager,
      },
      (request) => service.listSwaps(companyAuth(request), request.query.status),
    );

    app.post(
      '/shift-swaps/:id/approve',
      {
        schema: {
          tags,
          summary: 'Одобрить обмен: графики обоих сотрудников меняются',
          params: IdParamsSchema,
          response: responses({ 200: ShiftSwapSchema }),
        },
        config: { ...manager, ...writesRoster },
      },
      (request) => service.approveSwap(companyAuth(request), request.params.id),
    );

    app.post(
      '/shift-swaps/:id/reject',
      {
        schema: {
          tags,
          summary: 'Отклонить обмен с причиной',
          params: IdParamsSchema,
          body: ReasonInputSchema,
          response: responses({ 200: ShiftSwapSchema }),
        },
        config: manager,
      },
      (request) => service.rejectSwap(companyAuth(request), request.params.id, request.body),
    );
  };
}
