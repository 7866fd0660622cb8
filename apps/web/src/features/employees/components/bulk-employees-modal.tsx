import type { BulkEmployeeFilter, BulkResult } from '@smena/contract';
import { Alert, Form, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  BulkActionModal,
  BulkDone,
  BulkError,
  BulkFooter,
} from '../../../components/feedback/bulk-result.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { useBulkEmployees, useScheduleOptions } from '../api/bulk-employees.ts';
import type { StructureOptions } from '../api/get-structure-options.ts';
import { employeesLabel } from '../employee-format.ts';
import { DateField } from '../../../components/form/picker-fields.tsx';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

export type EmployeesBulkAction = 'assignSchedule' | 'move' | 'dismiss' | 'resendInvitations';

/** Who the action is for: the ids picked, or everyone matching the list's filters. */
export type EmployeesBulkTarget =
  { employeeIds: number[]; count: number } | { filter: BulkEmployeeFilter; count: number };

export type BulkEmployeesModalProps = {
  action: EmployeesBulkAction | null;
  target: EmployeesBulkTarget;
  options: StructureOptions;
  hideBranches: boolean;
  hideDepartments: boolean;
  fullScreen: boolean;
  onClose: () => void;
  /** The action went through (some employees may have been refused). */
  onApplied: () => void;
};

const TITLES: Record<EmployeesBulkAction, string> = {
  assignSchedule: 'Назначить график',
  move: 'Перевести',
  dismiss: 'Уволить',
  resendInvitations: 'Отправить приглашения повторно',
};

/** «No schedule from that date» in the schedule select. */
const NO_SCHEDULE = 0;

type ScheduleValues = { scheduleId: number; effectiveFrom: Dayjs };
type MoveValues = { branchIds?: number[]; departmentId?: number; positionId?: number };
type DismissValues = { dismissedAt: Dayjs; reason?: string };

/** The parameters of a bulk action over employees, its confirmation, then what came of it. */
export default function BulkEmployeesModal(props: BulkEmployeesModalProps) {
  const { action, fullScreen, onClose } = props;
  return (
    <BulkActionModal
      open={action !== null}
      title={action ? TITLES[action] : ''}
      fullScreen={fullScreen}
      onClose={onClose}
    >
      {action && <BulkBody key={action} {...props} action={action} />}
    </BulkActionModal>
  );
}

function BulkBody({
  action,
  target,
  options,
  hideBranches,
  hideDepartments,
  onClose,
  onApplied,
}: BulkEmployeesModalProps & { action: EmployeesBulkAction }) {
  const bulk = useBulkEmployees();
  const schedules = useScheduleOptions();
  const [result, setResult] = useState<BulkResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const who =
    'employeeIds' in target ? { employeeIds: target.employeeIds } : { filter: target.filter };

  const run = (input: Parameters<typeof bulk.mutate>[0]) => {
    setError(null);
    bulk.mutate(input, {
      onSuccess: (answer) => {
        setResult(answer);
        onApplied();
      },
      onError: (reason) => setError(getErrorMessage(reason)),
    });
  };

  if (result) return <BulkDone result={result} onClose={onClose} />;

  const scope = (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
      {'filter' in who ? 'Все по фильтру: ' : 'Выбрано: '}
      {employeesLabel(target.count)}
    </Typography.Paragraph>
  );
  const errorAlert = <BulkError error={error} />;
  const footer = (label: string, danger = false) => (
    <BulkFooter label={label} danger={danger} busy={bulk.isPending} onCancel={onClose} />
  );

  if (action === 'assignSchedule')
    return (
      <Form<ScheduleValues>
        onKeyDown={keepEnterInFields}
        layout="vertical"
        requiredMark
        initialValues={{ effectiveFrom: dayjs() }}
        onFinish={(values) =>
          run({
            action: 'assignSchedule',
            ...who,
            scheduleId: values.scheduleId === NO_SCHEDULE ? null : values.scheduleId,
            effectiveFrom: values.effectiveFrom.format(DATE_FORMAT),
          })
        }
      >
        {scope}
        {errorAlert}
        <Form.Item
          label="График"
          name="scheduleId"
          rules={[{ required: true, message: 'Выберите график' }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={schedules.isPending}
            placeholder="Выберите график"
            options={[
              ...(schedules.data ?? []).map((schedule) => ({
                value: schedule.id,
                label: schedule.title,
              })),
              { value: NO_SCHEDULE, label: 'Без графика' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="Действует с"
          name="effectiveFrom"
          rules={[{ required: true, message: 'Укажите дату' }]}
          extra="До этой даты дни остаются по прежнему графику"
        >
          <DateField allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
        {footer('Назначить')}
      </Form>
    );

  if (action === 'move')
    return (
      <Form<MoveValues>
        onKeyDown={keepEnterInFields}
        layout="vertical"
        onFinish={(values) => {
          const change = {
            ...(values.branchIds?.length ? { branchIds: values.branchIds } : {}),
            ...(values.departmentId ? { departmentId: values.departmentId } : {}),
            ...(values.positionId ? { positionId: values.positionId } : {}),
          };
          if (Object.keys(change).length === 0) {
            setError('Укажите филиал, отдел или должность');
            return;
          }
          run({ action: 'move', ...who, ...change });
        }}
      >
        {scope}
        {errorAlert}
        <Typography.Paragraph type="secondary">
          Заполните только то, что меняется: пустые поля останутся как есть.
        </Typography.Paragraph>
        {!hideBranches && (
          <Form.Item label="Филиалы" name="branchIds" extra="Заменят текущие филиалы сотрудников">
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Не менять"
              options={options.branches.map((item) => ({ value: item.id, label: item.title }))}
            />
          </Form.Item>
        )}
        {!hideDepartments && (
          <Form.Item label="Отдел" name="departmentId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Не менять"
              options={options.departments.map((item) => ({ value: item.id, label: item.title }))}
            />
          </Form.Item>
        )}
        <Form.Item label="Должность" name="positionId">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Не менять"
            options={options.positions.map((item) => ({ value: item.id, label: item.title }))}
          />
        </Form.Item>
        {footer('Перевести')}
      </Form>
    );

  if (action === 'dismiss')
    return (
      <Form<DismissValues>
        onKeyDown={keepEnterInFields}
        layout="vertical"
        requiredMark
        initialValues={{ dismissedAt: dayjs() }}
        onFinish={(values) =>
          run({
            action: 'dismiss',
            ...who,
            dismissedAt: values.dismissedAt.format(DATE_FORMAT),
            ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
          })
        }
      >
        {scope}
        {errorAlert}
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="Вы уверены?"
          description="Сотрудники потеряют доступ к компании, их места в тарифе освободятся. История отметок сохранится, уволенного можно восстановить."
        />
        <Form.Item
          label="Дата увольнения"
          name="dismissedAt"
          rules={[{ required: true, message: 'Укажите дату' }]}
        >
          <DateField allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Причина" name="reason">
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        {footer('Уволить', true)}
      </Form>
    );

  return (
    <Form layout="vertical" onFinish={() => run({ action: 'resendInvitations', ...who })}>
      {scope}
      {errorAlert}
      <Typography.Paragraph>
        Тем, кто ещё ни разу не входил в Смену, придёт SMS: как войти по номеру телефона и задать
        пароль. Остальным ничего не отправится — они появятся в списке с причиной.
      </Typography.Paragraph>
      {footer('Отправить')}
    </Form>
  );
}
