import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMPLOYEE_IMPORT_MAX_BYTES,
  EmployeeImportPreviewSchema,
  EmployeeImportQuerySchema,
  EmployeeImportResultSchema,
  ErrorCode,
} from '@smena/contract';
import { XLSX_CONTENT_TYPE } from '../../lib/file-download.ts';
import { AppError } from '../../lib/app-error.ts';
import { responses } from '../../lib/route-helpers.ts';
import { readUploadedFile, UploadedFile } from '../../lib/uploaded-file.ts';
import { ADMIN_OR_MANAGER } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { TEMPLATE_DISPOSITION, importTemplate } from './employee-import.template.ts';
import { createEmployeeImportService } from './employee-import.service.ts';

const tags = ['Сотрудники'];
const config = { access: ADMIN_OR_MANAGER };

/** The content types a file may come with; the parser tells xlsx from CSV by its bytes. */
const FILE_CONTENT_TYPES = [
  'application/octet-stream',
  XLSX_CONTENT_TYPE,
  'application/vnd.ms-excel',
  'text/csv',
  'text/plain',
];

const MAX_MB = Math.round(EMPLOYEE_IMPORT_MAX_BYTES / 1024 / 1024);
const tooLarge = () =>
  new AppError(ErrorCode.VALIDATION_ERROR, `Файл больше ${MAX_MB} МБ: разделите его на части`, [
    { field: 'file', message: `Не больше ${MAX_MB} МБ` },
  ]);

function fileOf(request: FastifyRequest): Uint8Array {
  if (!(request.body instanceof UploadedFile)) {
    throw new AppError(ErrorCode.VALIDATION_ERROR, 'Прикрепите файл .xlsx или .csv', [
      { field: 'file', message: 'Прикрепите файл .xlsx или .csv' },
    ]);
  }
  return request.body.bytes;
}

const fileBody = {
  description: `Файл .xlsx или .csv (UTF-8 или Windows-1251, разделитель «;» или «,»), не больше ${MAX_MB} МБ, как тело запроса`,
};

export function employeeImportRoutes(deps: ModuleDeps) {
  const service = createEmployeeImportService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    // Read the body as bytes up to the limit; a larger file is refused with a Russian 422.
    app.addContentTypeParser(
      FILE_CONTENT_TYPES,
      readUploadedFile(EMPLOYEE_IMPORT_MAX_BYTES, tooLarge),
    );

    app.get(
      '/employees/import/template',
      {
        schema: {
          tags,
          summary: 'Шаблон импорта сотрудников (.xlsx с русскими заголовками)',
          response: {
            200: {
              description: 'Файл Excel (.xlsx)',
              content: {
                [XLSX_CONTENT_TYPE]: { schema: z.string().meta({ format: 'binary' }) },
              },
            },
            ...responses({}),
          },
        },
        config,
      },
      async (_request, reply) => {
        const file = await importTemplate();
        return reply
          .header('content-type', XLSX_CONTENT_TYPE)
          .header('content-disposition', TEMPLATE_DISPOSITION)
          .header('cache-control', 'no-store')
          .send(file as unknown as string);
      },
    );

    app.post(
      '/employees/import/preview',
      {
        schema: {
          tags,
          summary:
            'Проверить файл импорта: каждая строка со статусом (новый, обновление, приглашение, пропуск, ошибка) и ошибками; ничего не записывает',
          description: fileBody.description,
          querystring: EmployeeImportQuerySchema,
          response: responses({ 200: EmployeeImportPreviewSchema }),
        },
        config,
        bodyLimit: EMPLOYEE_IMPORT_MAX_BYTES + 1024,
      },
      (request) => service.previewImport(companyAuth(request), fileOf(request), request.query),
    );

    app.post(
      '/employees/import',
      {
        schema: {
          tags,
          summary:
            'Импортировать сотрудников из файла одной транзакцией: новые, обновления по табельному номеру или email, приглашения; 422 со строками, если в файле есть ошибки',
          description: fileBody.description,
          querystring: EmployeeImportQuerySchema,
          response: responses({ 200: EmployeeImportResultSchema }),
        },
        // New members and moved branches change who is planned where (reminders follow).
        config: { ...config, reschedulesReminders: true },
        bodyLimit: EMPLOYEE_IMPORT_MAX_BYTES + 1024,
      },
      (request) => service.runImport(companyAuth(request), fileOf(request), request.query),
    );
  };
}
