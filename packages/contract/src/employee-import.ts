import { z } from 'zod';
import './zod-setup.ts';
import { FieldErrorSchema } from './common.ts';

/**
 * Import of employees from a spreadsheet (decision 018): the file goes as the raw request body
 * (xlsx, or CSV in UTF-8 / Windows-1251 with `;` or `,`), the options in the query string.
 */

/** The largest file accepted; a bigger one answers 422 with a Russian message. */
export const EMPLOYEE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most data rows in one file. */
export const EMPLOYEE_IMPORT_MAX_ROWS = 5000;

/** The template's columns, in order; the parser also accepts the aliases. */
export const EMPLOYEE_IMPORT_COLUMNS = [
  { key: 'lastName', header: 'Фамилия', required: true, aliases: [] },
  { key: 'firstName', header: 'Имя', required: true, aliases: [] },
  { key: 'middleName', header: 'Отчество', required: false, aliases: [] },
  {
    key: 'personnelNumber',
    header: 'Табельный номер',
    required: false,
    aliases: ['Таб. номер', 'Табельный'],
  },
  { key: 'phone', header: 'Телефон', required: true, aliases: ['Мобильный телефон'] },
  { key: 'email', header: 'Email', required: true, aliases: ['E-mail', 'Эл. почта', 'Почта'] },
  { key: 'branches', header: 'Филиалы', required: false, aliases: ['Филиал'] },
  { key: 'department', header: 'Отдел', required: false, aliases: ['Подразделение'] },
  { key: 'position', header: 'Должность', required: false, aliases: [] },
  { key: 'hireDate', header: 'Дата приёма', required: false, aliases: ['Дата приема'] },
] as const;

export type EmployeeImportField = (typeof EMPLOYEE_IMPORT_COLUMNS)[number]['key'];

/** Several branches in one cell are separated by `;` or a line break. */
export const EMPLOYEE_IMPORT_BRANCH_SEPARATOR = ';';

const booleanFlag = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

/**
 * - `createMissing`: create the branches, departments and positions the file names and the
 *   company lacks (otherwise such rows are errors);
 * - `sendInvitations`: invite the people who already have a Smena account (otherwise their rows
 *   are skipped).
 */
export const EmployeeImportQuerySchema = z.object({
  createMissing: booleanFlag.default(false),
  sendInvitations: booleanFlag.default(true),
});
export type EmployeeImportQuery = z.input<typeof EmployeeImportQuerySchema>;

/**
 * What happens to a row: NEW — a new employee; UPDATE — an employee of the company found by
 * personnel number or email is updated; INVITE — the person already has a Smena account and gets
 * an invitation; SKIP — nothing to do (see `notes`); ERROR — see `errors`.
 */
export const EmployeeImportRowStatusSchema = z.enum(['NEW', 'UPDATE', 'INVITE', 'SKIP', 'ERROR']);
export type EmployeeImportRowStatus = z.infer<typeof EmployeeImportRowStatusSchema>;

export const employeeImportStatusLabels: Record<EmployeeImportRowStatus, string> = {
  NEW: 'Новый',
  UPDATE: 'Обновление',
  INVITE: 'Приглашение',
  SKIP: 'Пропуск',
  ERROR: 'Ошибка',
};

export const EmployeeImportRowSchema = z.object({
  /** The row's number as the spreadsheet shows it (the header is row 1). */
  line: z.number().int(),
  status: EmployeeImportRowStatusSchema,
  /** Values as they will be stored when valid, else as typed in the file. */
  lastName: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  personnelNumber: z.string(),
  phone: z.string(),
  email: z.string(),
  branches: z.array(z.string()),
  department: z.string(),
  position: z.string(),
  hireDate: z.string(),
  /** `field` is a key of `EMPLOYEE_IMPORT_COLUMNS` (or `row` for the row as a whole). */
  errors: z.array(FieldErrorSchema),
  notes: z.array(z.string()),
});
export type EmployeeImportRow = z.infer<typeof EmployeeImportRowSchema>;

export const EmployeeImportCountsSchema = z.object({
  total: z.number().int(),
  new: z.number().int(),
  update: z.number().int(),
  invite: z.number().int(),
  skip: z.number().int(),
  error: z.number().int(),
});
export type EmployeeImportCounts = z.infer<typeof EmployeeImportCountsSchema>;

export const EmployeeImportMissingSchema = z.object({
  branches: z.array(z.string()),
  departments: z.array(z.string()),
  positions: z.array(z.string()),
});
export type EmployeeImportMissing = z.infer<typeof EmployeeImportMissingSchema>;

export const EmployeeImportPreviewSchema = z.object({
  rows: z.array(EmployeeImportRowSchema),
  counts: EmployeeImportCountsSchema,
  /** Structure the file names and the company lacks (created when `createMissing` is on). */
  missing: EmployeeImportMissingSchema,
  /** Problems of the file as a whole (plan limit, unknown columns…); the import refuses them. */
  fileErrors: z.array(z.string()),
  /** Columns of the file that the import does not know and ignores. */
  ignoredColumns: z.array(z.string()),
  /** Seats of the plan: its limit and the active employees now. */
  seats: z.object({ limit: z.number().int(), active: z.number().int() }),
});
export type EmployeeImportPreview = z.infer<typeof EmployeeImportPreviewSchema>;

export const EmployeeImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  invited: z.number().int(),
  skipped: z.number().int(),
  createdStructure: EmployeeImportMissingSchema,
});
export type EmployeeImportResult = z.infer<typeof EmployeeImportResultSchema>;
