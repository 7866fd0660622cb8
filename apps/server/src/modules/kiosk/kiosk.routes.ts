import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateKioskPairingCodeInputSchema,
  IdempotencyKeySchema,
  IdParamsSchema,
  KioskDevicesSchema,
  KioskPairingCodeSchema,
  KioskPairInputSchema,
  KioskPairResultSchema,
  KioskPinPunchInputSchema,
  KioskPinPunchResultSchema,
  KioskPinStatusSchema,
  KioskPunchBatchInputSchema,
  KioskPunchBatchResultSchema,
  KioskPunchResultSchema,
  KioskQrPunchInputSchema,
  QrPunchBatchInputSchema,
  KioskStateSchema,
  SetKioskPinInputSchema,
  UpdateKioskDeviceInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_ONLY, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import { perIpLimit } from '../../plugins/rate-limit.ts';
import type { KioskService } from './kiosk.service.ts';

const tags = ['Киоски'];

const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': IdempotencyKeySchema.optional(),
});

/**
 * Branch kiosks (decision 031). ADMINs pair and revoke devices; a device calls only the
 * `/kiosk/…` routes, with `Authorization: Kiosk <token>` (those routes are public to the
 * person-token check and authenticate the device themselves; a kiosk's credential opens no
 * other route, since it is no bearer token); employees punch by a kiosk's QR and set their PIN.
 */
export function kioskRoutes(
  service: KioskService,
  limits: { pairPerIp: { max: number; timeWindow: string } },
) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    // ---------- Admin ----------

    app.get(
      '/kiosks',
      {
        schema: {
          tags,
          summary: 'Киоски компании: филиал, когда подключён, когда был на связи',
          response: responses({ 200: KioskDevicesSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => service.listDevices(companyAuth(request)),
    );

    app.post(
      '/kiosks/pairing-codes',
      {
        schema: {
          tags,
          summary: 'Код подключения киоска к филиалу (одноразовый, 10 минут)',
          body: CreateKioskPairingCodeInputSchema,
          response: responses({ 201: KioskPairingCodeSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createPairingCode(companyAuth(request), request.body)),
    );

    app.patch(
      '/kiosks/:id',
      {
        schema: {
          tags,
          summary: 'Переименовать киоск',
          params: IdParamsSchema,
          body: UpdateKioskDeviceInputSchema,
          response: responses({ 200: z.object({ result: z.literal('updated') }) }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) =>
        service.renameDevice(companyAuth(request), request.params.id, request.body.title),
    );

    app.post(
      '/kiosks/:id/revoke',
      {
        schema: {
          tags,
          summary: 'Отключить киоск (его запросы отклоняются сразу)',
          params: IdParamsSchema,
          response: responses({ 200: z.object({ result: z.literal('revoked') }) }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => service.revokeDevice(companyAuth(request), request.params.id),
    );

    // ---------- The device (its own credential) ----------

    app.post(
      '/kiosk/pair',
      {
        schema: {
          tags,
          summary: 'Подключить устройство по коду: учётные данные киоска и ключ его QR',
          body: KioskPairInputSchema,
          response: responses({ 201: KioskPairResultSchema }),
        },
        config: { access: 'public', rateLimit: perIpLimit(limits.pairPerIp) },
      },
      async (request, reply) => reply.status(201).send(await service.pair(request.body.code)),
    );

    app.get(
      '/kiosk/state',
      {
        schema: {
          tags,
          summary: 'Состояние киоска (Authorization: Kiosk …): филиал, часовой пояс, время сервера',
          response: responses({ 200: KioskStateSchema }),
        },
        config: { access: 'public' },
      },
      async (request) => service.state(await service.authenticate(request.headers.authorization)),
    );

    app.post(
      '/kiosk/pin-punch',
      {
        schema: {
          tags,
          summary:
            'Отметка по табельному номеру и PIN (Authorization: Kiosk …); photo — одноразовый токен, если нужно фото',
          body: KioskPinPunchInputSchema,
          response: responses({ 200: KioskPinPunchResultSchema }),
        },
        config: { access: 'public' },
      },
      async (request) =>
        service.pinPunch(await service.authenticate(request.headers.authorization), request.body),
    );

    app.post(
      '/kiosk/punches/batch',
      {
        schema: {
          tags,
          summary:
            'Отметки по PIN, сохранённые киоском без сети (Authorization: Kiosk …), по порядку счётчика',
          body: KioskPunchBatchInputSchema,
          response: responses({ 200: KioskPunchBatchResultSchema }),
        },
        config: { access: 'public' },
      },
      async (request) =>
        service.pinBatch(await service.authenticate(request.headers.authorization), request.body),
    );

    // ---------- The employee ----------

    app.post(
      '/checks/kiosk-qr',
      {
        schema: {
          tags,
          summary: 'Отметиться по QR-коду киоска (без геолокации); Idempotency-Key — для повторов',
          headers: IdempotencyHeadersSchema,
          body: KioskQrPunchInputSchema,
          response: responses({ 200: KioskPunchResultSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) =>
        service.qrPunch(
          companyAuth(request),
          request.body.payload,
          request.headers['idempotency-key'],
        ),
    );

    app.post(
      '/checks/kiosk-qr/batch',
      {
        schema: {
          tags,
          summary: 'Отметки по QR-коду киоска, сохранённые телефоном без сети, по порядку счётчика',
          body: QrPunchBatchInputSchema,
          response: responses({ 200: KioskPunchBatchResultSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => service.qrBatch(companyAuth(request), request.body),
    );

    app.get(
      '/kiosk-pin',
      {
        schema: {
          tags,
          summary: 'Задан ли мой PIN для киоска, и мой табельный номер',
          response: responses({ 200: KioskPinStatusSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => service.pinStatus(companyAuth(request)),
    );

    app.put(
      '/kiosk-pin',
      {
        schema: {
          tags,
          summary: 'Задать или сменить свой PIN для киоска (4–6 цифр)',
          body: SetKioskPinInputSchema,
          response: responses({ 200: KioskPinStatusSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => service.setPin(companyAuth(request), request.body.pin),
    );
  };
}
