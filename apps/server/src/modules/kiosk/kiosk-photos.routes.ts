import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckPhotoQuerySchema,
  EmployeeKioskPhotoConsentSchema,
  GiveKioskPhotoConsentInputSchema,
  IdParamsSchema,
  KIOSK_PHOTO_MAX_BYTES,
  KIOSK_PHOTO_TOKEN_HEADER,
  KioskPhotoUploadResultSchema,
  KioskPhotoWithdrawalSchema,
  MyKioskPhotoConsentSchema,
  PaperKioskPhotoConsentInputSchema,
} from '@smena/contract';
import { AppError } from '../../lib/app-error.ts';
import { responses } from '../../lib/route-helpers.ts';
import { readUploadedFile, UploadedFile } from '../../lib/uploaded-file.ts';
import { ADMIN_ONLY, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import {
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  type KioskPhotosService,
} from './kiosk-photos.service.ts';
import type { KioskService } from './kiosk.service.ts';

const tags = ['Фото на киоске'];

/** What a kiosk may send its frame as; the bytes must be a JPEG whatever the header says. */
const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];

const PhotoHeadersSchema = z.looseObject({
  [KIOSK_PHOTO_TOKEN_HEADER]: z.string().max(200).optional(),
});

function photoOf(request: FastifyRequest): Uint8Array {
  if (!(request.body instanceof UploadedFile)) {
    throw AppError.validation('photo', PHOTO_TYPE_MESSAGE);
  }
  return request.body.bytes;
}

/** The photo answers its bytes; only its errors are JSON. */
const photoResponses = {
  200: {
    description: 'Фото JPEG',
    content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } },
  },
  ...responses({}),
};

/**
 * A photo at kiosk PIN punches (decision 034): the employee's consent and its withdrawal, an
 * ADMIN's record of a paper consent, the kiosk's upload (its own credential and the punch's
 * one-time token) and the review of a check's photo.
 */
export function kioskPhotosRoutes(service: KioskPhotosService, kiosk: KioskService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    // The kiosk's frame comes as the body's bytes; a larger one is refused with a Russian 422.
    app.addContentTypeParser(
      PHOTO_CONTENT_TYPES,
      readUploadedFile(KIOSK_PHOTO_MAX_BYTES, () =>
        AppError.validation('photo', PHOTO_SIZE_MESSAGE),
      ),
    );

    // ---------- The employee ----------

    app.get(
      '/kiosk-photo-consent',
      {
        schema: {
          tags,
          summary: 'Фото при отметке по PIN: включено ли в компании, текст согласия и моё согласие',
          response: responses({ 200: MyKioskPhotoConsentSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => service.myConsent(companyAuth(request)),
    );

    app.post(
      '/kiosk-photo-consent',
      {
        schema: {
          tags,
          summary: 'Дать согласие на фото при отметке по PIN (сам сотрудник, с версией текста)',
          body: GiveKioskPhotoConsentInputSchema,
          response: responses({ 200: MyKioskPhotoConsentSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => service.giveConsent(companyAuth(request), request.body.textVersion),
    );

    app.post(
      '/kiosk-photo-consent/withdraw',
      {
        schema: {
          tags,
          summary: 'Отозвать согласие: все мои фото удаляются сразу',
          response: responses({ 200: KioskPhotoWithdrawalSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => service.withdrawMyConsent(companyAuth(request)),
    );

    // ---------- The ADMIN, for an employee ----------

    app.get(
      '/employees/:id/kiosk-photo-consent',
      {
        schema: {
          tags,
          summary: 'Согласие сотрудника на фото при отметке по PIN и прежние согласия',
          params: IdParamsSchema,
          response: responses({ 200: EmployeeKioskPhotoConsentSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => service.employeeConsent(companyAuth(request), request.params.id),
    );

    app.post(
      '/employees/:id/kiosk-photo-consent',
      {
        schema: {
          tags,
          summary: 'Внести письменное согласие сотрудника (дата и номер документа)',
          params: IdParamsSchema,
          body: PaperKioskPhotoConsentInputSchema,
          response: responses({ 200: EmployeeKioskPhotoConsentSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) =>
        service.recordPaperConsent(companyAuth(request), request.params.id, request.body),
    );

    app.post(
      '/employees/:id/kiosk-photo-consent/withdraw',
      {
        schema: {
          tags,
          summary: 'Отозвать согласие сотрудника (по его заявлению): его фото удаляются сразу',
          params: IdParamsSchema,
          response: responses({ 200: KioskPhotoWithdrawalSchema }),
        },
        config: { access: ADMIN_ONLY },
      },
      (request) => service.withdrawEmployeeConsent(companyAuth(request), request.params.id),
    );

    // ---------- The kiosk ----------

    app.post(
      '/kiosk/photo',
      {
        schema: {
          tags,
          summary: `Фото к отметке по PIN (Authorization: Kiosk …, ${KIOSK_PHOTO_TOKEN_HEADER}: одноразовый токен из ответа отметки); тело — JPEG до ${Math.round(KIOSK_PHOTO_MAX_BYTES / 1024)} КБ`,
          headers: PhotoHeadersSchema,
          response: responses({ 201: KioskPhotoUploadResultSchema }),
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const device = await kiosk.authenticate(request.headers.authorization);
        const result = await service.upload(
          device,
          request.headers[KIOSK_PHOTO_TOKEN_HEADER],
          photoOf(request),
        );
        return reply.status(201).send(result);
      },
    );

    // ---------- Review ----------

    app.get(
      '/checks/:id/photo',
      {
        schema: {
          tags,
          summary:
            'Фото отметки с киоска (прихода или ухода): администратору, руководителю сотрудника и самому сотруднику',
          params: IdParamsSchema,
          querystring: CheckPhotoQuerySchema,
          response: photoResponses,
        },
        config: { access: COMPANY_MEMBERS },
      },
      async (request, reply) => {
        const photo = await service.readPhoto(
          companyAuth(request),
          request.params.id,
          request.query.direction,
        );
        return (
          reply
            .header('content-type', photo.contentType)
            .header('cache-control', 'private, no-store')
            // The declared 200 describes the image for OpenAPI; Fastify sends the bytes as they are.
            .send(photo.bytes as unknown as string)
        );
      },
    );
  };
}
