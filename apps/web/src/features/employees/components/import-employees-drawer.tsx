import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  EMPLOYEE_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_MAX_BYTES,
  EMPLOYEE_IMPORT_MAX_ROWS,
  employeeImportStatusLabels,
  type EmployeeImportPreview,
  type EmployeeImportResult,
  type EmployeeImportRow,
  type EmployeeImportRowStatus,
} from '@smena/contract';
import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  Grid,
  Progress,
  Result,
  Spin,
  Steps,
  Table,
  Tag,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
import type { UploadProgress } from '../../../lib/upload-file.ts';
import {
  useDownloadImportTemplate,
  usePreviewEmployeeImport,
  useRunEmployeeImport,
  type ImportOptions,
} from '../api/import-employees.ts';
import { PlanLimitAlert } from './plan-limit.tsx';
import './import-employees.css';

const STATUS_COLORS: Record<EmployeeImportRowStatus, string> = {
  NEW: 'green',
  UPDATE: 'blue',
  INVITE: 'purple',
  SKIP: 'default',
  ERROR: 'red',
};

const FIELD_LABELS: Record<string, string> = {
  lastName: 'Фамилия',
  firstName: 'Имя',
  middleName: 'Отчество',
  personnelNumber: 'Табельный номер',
  phone: 'Телефон',
  email: 'Email',
  branches: 'Филиалы',
  department: 'Отдел',
  position: 'Должность',
  hireDate: 'Дата приёма',
};

const PAGE_SIZE = 50;
const TEMPLATE_COLUMNS = EMPLOYEE_IMPORT_COLUMNS.map(
  (column) => `${column.header}${column.required ? '*' : ''}`,
).join(', ');
const MAX_MB = Math.round(EMPLOYEE_IMPORT_MAX_BYTES / 1024 / 1024);

type Step = 'file' | 'preview' | 'done';

export type ImportEmployeesDrawerProps = {
  open: boolean;
  onClose: () => void;
};

/** «Импорт сотрудников»: template and file, the preview of every row, the result. */
export default function ImportEmployeesDrawer({ open, onClose }: ImportEmployeesDrawerProps) {
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={isPhone ? '100%' : screens.xl ? 1320 : '92%'}
      title="Импорт сотрудников"
      className="smena-import"
    >
      <ImportWizard onClose={onClose} isPhone={isPhone} />
    </Drawer>
  );
}

/** «1 сотрудника», «21 сотрудника», «5 сотрудников» (after «Импортировать»). */
export function employeesCount(count: number): string {
  const word = count % 10 === 1 && count % 100 !== 11 ? 'сотрудника' : 'сотрудников';
  return `${count.toLocaleString('ru-RU')} ${word}`;
}

function ProgressLine({ progress, action }: { progress: UploadProgress | null; action: string }) {
  if (progress?.phase === 'sending') {
    return (
      <div className="smena-import__progress" role="status">
        <Typography.Text>Загружаем файл…</Typography.Text>
        <Progress percent={Math.round(progress.share * 100)} size="small" />
      </div>
    );
  }
  return (
    <div className="smena-import__progress" role="status">
      <Spin size="small" />
      <Typography.Text>{action}</Typography.Text>
    </div>
  );
}

function ImportWizard({ onClose, isPhone }: { onClose: () => void; isPhone: boolean }) {
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<ImportOptions>({
    createMissing: false,
    sendInvitations: true,
  });
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [preview, setPreview] = useState<EmployeeImportPreview | null>(null);
  const [result, setResult] = useState<EmployeeImportResult | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const previewMutation = usePreviewEmployeeImport();
  const importMutation = useRunEmployeeImport();
  const template = useDownloadImportTemplate();

  function check(nextFile: File, nextOptions: ImportOptions) {
    setProgress(null);
    setImportError(null);
    previewMutation.mutate(
      { file: nextFile, options: nextOptions, onProgress: setProgress },
      {
        onSuccess: (data) => {
          setPreview(data);
          setStep('preview');
        },
        onSettled: () => setProgress(null),
      },
    );
  }

  function choose(nextFile: File) {
    setFile(nextFile);
    setPreview(null);
    previewMutation.reset();
    if (nextFile.size > EMPLOYEE_IMPORT_MAX_BYTES) {
      setStep('file');
      return;
    }
    check(nextFile, options);
  }

  function changeOptions(change: Partial<ImportOptions>) {
    const next = { ...options, ...change };
    setOptions(next);
    if (file) check(file, next);
  }

  function startImport() {
    if (!file) return;
    setImportError(null);
    importMutation.mutate(
      { file, options, onProgress: setProgress },
      {
        onSuccess: (data) => {
          setResult(data);
          setStep('done');
        },
        onError: (error) => {
          setImportError(getErrorMessage(error));
          // The company changed meanwhile: show the rows as they stand now.
          if (isApiError(error) && error.statusCode !== 0) check(file, options);
        },
        onSettled: () => setProgress(null),
      },
    );
  }

  function restart() {
    setStep('file');
    setFile(null);
    setPreview(null);
    setResult(null);
    setImportError(null);
    previewMutation.reset();
    importMutation.reset();
  }

  const tooLarge = file !== null && file.size > EMPLOYEE_IMPORT_MAX_BYTES;
  // Past the last step when done: every step shows as finished.
  const current = step === 'file' ? 0 : step === 'preview' ? 1 : 3;

  return (
    <div className="smena-import__body">
      <Steps
        size="small"
        current={current}
        className="smena-import__steps"
        responsive={false}
        items={[{ title: 'Файл' }, { title: 'Проверка' }, { title: 'Готово' }]}
      />
      {step === 'file' && (
        <section aria-label="Файл" className="smena-import__file">
          <Typography.Paragraph>
            Скачайте шаблон, заполните его — одна строка на сотрудника — и загрузите сюда. Перед
            импортом мы покажем каждую строку и найдём ошибки. Повторная загрузка обновит
            сотрудников с тем же табельным номером или email, а не создаст их заново.
          </Typography.Paragraph>
          <Button
            icon={<DownloadOutlined />}
            loading={template.isPending}
            onClick={() => template.mutate()}
          >
            Скачать шаблон
          </Button>
          <Upload.Dragger
            className="smena-import__dragger"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            showUploadList={false}
            disabled={previewMutation.isPending}
            beforeUpload={(chosen) => {
              choose(chosen);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Перетащите файл сюда или нажмите, чтобы выбрать</p>
            <p className="ant-upload-hint">
              Excel (.xlsx) или CSV в UTF-8 или Windows-1251 с разделителем «;» или «,». До{' '}
              {EMPLOYEE_IMPORT_MAX_ROWS.toLocaleString('ru-RU')} строк и {MAX_MB} МБ.
            </p>
          </Upload.Dragger>
          <Typography.Paragraph type="secondary" className="smena-import__columns">
            Столбцы: {TEMPLATE_COLUMNS}. Обязательные отмечены звёздочкой.
          </Typography.Paragraph>
          {previewMutation.isPending && (
            <ProgressLine progress={progress} action="Проверяем строки файла…" />
          )}
          {tooLarge && (
            <Alert
              type="error"
              showIcon
              title={`Файл «${file.name}» больше ${MAX_MB} МБ`}
              description="Разделите его на части и загрузите по очереди."
            />
          )}
          {previewMutation.isError && (
            <Alert
              type="error"
              showIcon
              title={file ? `Не удалось проверить «${file.name}»` : 'Не удалось проверить файл'}
              description={getErrorMessage(previewMutation.error)}
            />
          )}
        </section>
      )}
      {step === 'preview' && preview && file && (
        <PreviewStep
          preview={preview}
          fileName={file.name}
          options={options}
          isPhone={isPhone}
          checking={previewMutation.isPending}
          importing={importMutation.isPending}
          progress={progress}
          importError={importError}
          onOptionsChange={changeOptions}
          onChooseAnother={restart}
          onCancel={onClose}
          onImport={startImport}
        />
      )}
      {step === 'done' && result && (
        <Result
          status="success"
          title="Импорт завершён"
          subTitle={
            <>
              <ul
                className="smena-import__counts smena-import__counts--result"
                aria-label="Итоги импорта"
              >
                <Count label="Добавлены" value={result.created} tone="new" />
                <Count label="Обновлены" value={result.updated} tone="update" />
                <Count label="Приглашены" value={result.invited} tone="invite" />
                <Count label="Пропущены" value={result.skipped} />
              </ul>
              {resultSummary(result)}
            </>
          }
          extra={[
            <Button key="again" onClick={restart}>
              Загрузить ещё файл
            </Button>,
            <Button key="close" type="primary" onClick={onClose}>
              Готово
            </Button>,
          ]}
        />
      )}
    </div>
  );
}

/** What the admin should know next: created structure, how new people sign in, invitations. */
export function resultSummary(result: EmployeeImportResult): string {
  const created = [
    ...result.createdStructure.branches.map((title) => `филиал «${title}»`),
    ...result.createdStructure.departments.map((title) => `отдел «${title}»`),
    ...result.createdStructure.positions.map((title) => `должность «${title}»`),
  ];
  const parts: string[] = [];
  if (result.created > 0) {
    parts.push(
      'Новые сотрудники входят в Смену по своему телефону: пароль они зададут через «Забыли пароль?».',
    );
  }
  if (result.invited > 0) {
    parts.push('Приглашённые появятся в списке, когда примут приглашение.');
  }
  if (created.length > 0) parts.push(`Созданы: ${created.join(', ')}.`);
  return parts.join(' ');
}

type PreviewStepProps = {
  preview: EmployeeImportPreview;
  fileName: string;
  options: ImportOptions;
  isPhone: boolean;
  checking: boolean;
  importing: boolean;
  progress: UploadProgress | null;
  importError: string | null;
  onOptionsChange: (change: Partial<ImportOptions>) => void;
  onChooseAnother: () => void;
  onCancel: () => void;
  onImport: () => void;
};

function PreviewStep({
  preview,
  fileName,
  options,
  isPhone,
  checking,
  importing,
  progress,
  importError,
  onOptionsChange,
  onChooseAnother,
  onCancel,
  onImport,
}: PreviewStepProps) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const { counts, missing } = preview;
  const rows = useMemo(
    () => (onlyErrors ? preview.rows.filter((row) => row.status === 'ERROR') : preview.rows),
    [onlyErrors, preview.rows],
  );
  const missingCount =
    missing.branches.length + missing.departments.length + missing.positions.length;
  const toWrite = counts.new + counts.update + counts.invite;
  // The server's rule (new people and invitations take seats); its message comes first.
  const planExceeded = preview.seats.active + counts.new + counts.invite > preview.seats.limit;
  const blocked = counts.error > 0 || preview.fileErrors.length > 0;
  const busy = checking || importing;

  return (
    <section aria-label="Проверка" className="smena-import__preview">
      <div className="smena-import__file-line">
        <Typography.Text strong ellipsis className="smena-import__file-name">
          {fileName}
        </Typography.Text>
        <Button type="link" size="small" onClick={onChooseAnother} disabled={busy}>
          Выбрать другой файл
        </Button>
      </div>
      <ul className="smena-import__counts" aria-label="Итоги проверки">
        <Count label="Всего строк" value={counts.total} />
        <Count label="Новые" value={counts.new} tone="new" />
        <Count label="Обновятся" value={counts.update} tone="update" />
        <Count label="Приглашения" value={counts.invite} tone="invite" />
        <Count label="Пропущены" value={counts.skip} />
        <Count
          label="С ошибками"
          value={counts.error}
          tone={counts.error > 0 ? 'error' : undefined}
        />
      </ul>
      {planExceeded && <PlanLimitAlert message={preview.fileErrors[0]} />}
      {preview.fileErrors.slice(planExceeded ? 1 : 0).map((message) => (
        <Alert key={message} type="error" showIcon title={message} />
      ))}
      {missingCount > 0 && (
        <Alert
          type={options.createMissing ? 'info' : 'warning'}
          showIcon
          title="В файле есть филиалы, отделы или должности, которых нет в компании"
          description={
            <>
              <MissingList label="Филиалы" titles={missing.branches} />
              <MissingList label="Отделы" titles={missing.departments} />
              <MissingList label="Должности" titles={missing.positions} />
              {missing.branches.length > 0 && (
                <Typography.Paragraph type="secondary" className="smena-import__hint">
                  Новые филиалы создаются неактивными: укажите их адрес и место на карте в разделе
                  «Филиалы», и сотрудники смогут отмечаться там.
                </Typography.Paragraph>
              )}
            </>
          }
        />
      )}
      {preview.ignoredColumns.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={`Эти столбцы не распознаны и будут пропущены: ${preview.ignoredColumns.map((name) => `«${name}»`).join(', ')}`}
        />
      )}
      <div className="smena-import__options">
        <Checkbox
          checked={options.createMissing}
          disabled={busy}
          onChange={(event) => onOptionsChange({ createMissing: event.target.checked })}
        >
          Создать недостающие филиалы, отделы и должности
        </Checkbox>
        <Checkbox
          checked={options.sendInvitations}
          disabled={busy}
          onChange={(event) => onOptionsChange({ sendInvitations: event.target.checked })}
        >
          Отправить приглашения
          <Typography.Text type="secondary" className="smena-import__option-hint">
            тем, у кого уже есть учётная запись Смены
          </Typography.Text>
        </Checkbox>
        <Checkbox
          checked={onlyErrors}
          onChange={(event) => setOnlyErrors(event.target.checked)}
          className="smena-import__only-errors"
        >
          Только с ошибками
        </Checkbox>
      </div>
      <RowsTable rows={rows} isPhone={isPhone} loading={checking} />
      {importError && <Alert type="error" showIcon title={importError} />}
      <div className="smena-import__footer">
        {importing ? (
          <ProgressLine progress={progress} action="Импортируем сотрудников…" />
        ) : (
          <Typography.Text
            type={blocked ? 'danger' : 'secondary'}
            className="smena-import__verdict"
          >
            {blocked
              ? 'Исправьте ошибки в файле и загрузите его снова'
              : toWrite === 0
                ? 'Изменений нет: все строки уже совпадают с данными компании'
                : 'Всё готово к импорту'}
          </Typography.Text>
        )}
        <div className="smena-import__actions">
          <Button onClick={onCancel} disabled={importing}>
            Отмена
          </Button>
          <Button
            type="primary"
            loading={importing}
            disabled={blocked || toWrite === 0 || checking}
            onClick={onImport}
          >
            {toWrite > 0 ? `Импортировать ${employeesCount(toWrite)}` : 'Импортировать'}
          </Button>
        </div>
      </div>
    </section>
  );
}

function Count({
  label,
  value,
  tone,
}: {
  label: string;
  value: number;
  tone?: 'new' | 'update' | 'invite' | 'error' | undefined;
}) {
  return (
    <li className={`smena-import__count${tone ? ` smena-import__count--${tone}` : ''}`}>
      <span className="smena-import__count-value">{value.toLocaleString('ru-RU')}</span>
      <span className="smena-import__count-label">{label}</span>
    </li>
  );
}

function MissingList({ label, titles }: { label: string; titles: string[] }) {
  if (titles.length === 0) return null;
  return (
    <div>
      <Typography.Text strong>{label}: </Typography.Text>
      {titles.map((title) => `«${title}»`).join(', ')}
    </div>
  );
}

function hasError(row: EmployeeImportRow, field: string): boolean {
  return row.errors.some((error) => error.field === field);
}

function Cell({ row, field, value }: { row: EmployeeImportRow; field: string; value: string }) {
  const wrong = hasError(row, field);
  if (!value && !wrong) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text
      type={wrong ? 'danger' : undefined}
      className={wrong ? 'smena-import__bad' : ''}
    >
      {value || 'пусто'}
    </Typography.Text>
  );
}

function Remarks({ row }: { row: EmployeeImportRow }) {
  if (row.errors.length === 0 && row.notes.length === 0) return null;
  return (
    <ul className="smena-import__remarks">
      {row.errors.map((error) => (
        <li key={`${error.field}:${error.message}`} className="smena-import__remark--error">
          {remarkOf(error.field, error.message)}
        </li>
      ))}
      {row.notes.map((note) => (
        <li key={note} className="smena-import__remark--note">
          {note}
        </li>
      ))}
    </ul>
  );
}

/** «Дата приёма: Несуществующая дата», but «Некорректный email» as it is. */
function remarkOf(field: string, message: string): string {
  const label = FIELD_LABELS[field];
  if (!label || message.toLowerCase().includes(label.toLowerCase())) return message;
  return `${label}: ${message}`;
}

function StatusTag({ status }: { status: EmployeeImportRowStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} className="smena-import__status">
      {employeeImportStatusLabels[status]}
    </Tag>
  );
}

function fullNameOf(row: EmployeeImportRow): string {
  return [row.lastName, row.firstName, row.middleName].filter(Boolean).join(' ');
}

function RowsTable({
  rows,
  isPhone,
  loading,
}: {
  rows: EmployeeImportRow[];
  isPhone: boolean;
  loading: boolean;
}) {
  const columns: TableColumnsType<EmployeeImportRow> = isPhone
    ? [
        { title: '№', dataIndex: 'line', width: 48 },
        {
          title: 'Сотрудник',
          key: 'person',
          render: (_, row) => (
            <div className="smena-import__person">
              <div className="smena-import__person-head">
                <Typography.Text
                  strong
                  type={
                    hasError(row, 'lastName') || hasError(row, 'firstName') ? 'danger' : undefined
                  }
                >
                  {fullNameOf(row) || 'Без имени'}
                </Typography.Text>
                <StatusTag status={row.status} />
              </div>
              <Typography.Text type="secondary" className="smena-import__contacts">
                {[row.phone, row.email].filter(Boolean).join(' · ')}
              </Typography.Text>
              <Remarks row={row} />
            </div>
          ),
        },
      ]
    : [
        { title: 'Строка', dataIndex: 'line', width: 72, fixed: 'left' },
        {
          title: 'Статус',
          dataIndex: 'status',
          width: 120,
          render: (status: EmployeeImportRowStatus) => <StatusTag status={status} />,
        },
        {
          title: 'ФИО',
          key: 'name',
          width: 220,
          render: (_, row) => (
            <Typography.Text
              type={
                hasError(row, 'lastName') ||
                hasError(row, 'firstName') ||
                hasError(row, 'middleName')
                  ? 'danger'
                  : undefined
              }
            >
              {fullNameOf(row) || 'Без имени'}
            </Typography.Text>
          ),
        },
        {
          title: 'Замечания',
          key: 'remarks',
          width: 280,
          render: (_, row) => <Remarks row={row} />,
        },
        {
          title: 'Таб. номер',
          key: 'personnelNumber',
          width: 100,
          render: (_, row) => (
            <Cell row={row} field="personnelNumber" value={row.personnelNumber} />
          ),
        },
        {
          title: 'Телефон',
          key: 'phone',
          width: 140,
          render: (_, row) => <Cell row={row} field="phone" value={row.phone} />,
        },
        {
          title: 'Email',
          key: 'email',
          width: 220,
          ellipsis: true,
          render: (_, row) => <Cell row={row} field="email" value={row.email} />,
        },
        {
          title: 'Филиалы',
          key: 'branches',
          width: 150,
          render: (_, row) => <Cell row={row} field="branches" value={row.branches.join(', ')} />,
        },
        {
          title: 'Отдел',
          key: 'department',
          width: 140,
          render: (_, row) => <Cell row={row} field="department" value={row.department} />,
        },
        {
          title: 'Должность',
          key: 'position',
          width: 140,
          render: (_, row) => <Cell row={row} field="position" value={row.position} />,
        },
        {
          title: 'Дата приёма',
          key: 'hireDate',
          width: 112,
          render: (_, row) => <Cell row={row} field="hireDate" value={row.hireDate} />,
        },
      ];
  return (
    <Table<EmployeeImportRow>
      className="smena-import__table"
      size="small"
      rowKey="line"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={isPhone ? undefined : { x: 1720 }}
      rowClassName={(row) => (row.status === 'ERROR' ? 'smena-import__row--error' : '')}
      pagination={{
        pageSize: PAGE_SIZE,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (total) => `${total.toLocaleString('ru-RU')} ${rowsWord(total)}`,
        size: 'small',
      }}
      locale={{ emptyText: 'Строк с ошибками нет' }}
    />
  );
}

function rowsWord(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  if (tens >= 11 && tens <= 14) return 'строк';
  if (ones === 1) return 'строка';
  if (ones >= 2 && ones <= 4) return 'строки';
  return 'строк';
}
