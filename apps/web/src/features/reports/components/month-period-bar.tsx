import { monthPeriodStatusLabels, type MonthPeriod, type MonthPeriodStatus } from '@smena/contract';
import { Alert, Button, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { applyServerFieldErrors } from '../../../lib/form.ts';
import { dateTimeOf } from '../../../lib/zoned-instants.ts';
import { monthPeriodQueryOf, useChangeMonthPeriod, useMonthPeriod } from '../api/month-periods.ts';

const statusColors: Record<MonthPeriodStatus, string> = {
  DRAFT: 'default',
  SUBMITTED: 'processing',
  APPROVED: 'success',
};

export const MONTH_PERIOD_REGION = 'Утверждение месяца';

type Props = {
  month: string;
  branchId?: number | undefined;
  departmentId?: number | undefined;
  isAdmin: boolean;
  zone: string;
};

/**
 * The month's approval for the branch or department chosen in the T-13 filters (decision 022):
 * its status, who submitted and approved it and when, and the actions the role allows — a
 * manager submits, an admin also approves and reopens (with a reason).
 */
export function MonthPeriodBar({ month, branchId, departmentId, isAdmin, zone }: Props) {
  const query = monthPeriodQueryOf({ month, branchId, departmentId });
  const period = useMonthPeriod(query);
  const submit = useChangeMonthPeriod('submit');
  const approve = useChangeMonthPeriod('approve');
  const reopen = useChangeMonthPeriod('reopen');
  const [reopening, setReopening] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  if (query === null) {
    return (
      <Typography.Text type="secondary" className="smena-month-period">
        {branchId !== undefined && departmentId !== undefined
          ? 'Месяц утверждается по филиалу или по отделу: оставьте в фильтре что-то одно'
          : 'Чтобы передать месяц на утверждение, выберите филиал или отдел'}
      </Typography.Text>
    );
  }
  const current: MonthPeriod | null | undefined = period.data;
  if (!current) {
    return period.isError ? (
      <Alert type="warning" showIcon message="Не удалось загрузить состояние месяца" />
    ) : null;
  }

  const key = query;
  const run = (mutation: typeof submit, success: string) =>
    mutation.mutate(key, {
      onSuccess: () => notify.success(success),
      onError: (error) => notify.apiError(error),
    });
  const onReopen = (values: { reason: string }) =>
    reopen.mutate(
      { ...key, reason: values.reason },
      {
        onSuccess: () => {
          notify.success('Месяц открыт заново');
          setReopening(false);
          form.resetFields();
        },
        onError: (error) => {
          if (!applyServerFieldErrors(form, error)) notify.apiError(error);
        },
      },
    );
  const unitName = `${current.unit.kind === 'BRANCH' ? 'Филиал' : 'Отдел'} «${current.unit.title}»`;
  const when = (value: string | null) => (value ? dateTimeOf(value, zone) : '');

  return (
    <section className="smena-month-period" aria-label={MONTH_PERIOD_REGION}>
      <Flex wrap gap={8} align="center">
        <Typography.Text>{unitName}:</Typography.Text>
        <Tag color={statusColors[current.status]}>{monthPeriodStatusLabels[current.status]}</Tag>
        {current.submittedBy && (
          <Typography.Text type="secondary">
            Передал: {current.submittedBy.name}, {when(current.submittedAt)}
          </Typography.Text>
        )}
        {current.approvedBy && (
          <Typography.Text type="secondary">
            Утвердил: {current.approvedBy.name}, {when(current.approvedAt)}
          </Typography.Text>
        )}
        {current.status === 'DRAFT' && current.reopenedBy && (
          <Typography.Text type="secondary">
            Открыт заново: {current.reopenedBy.name}, {when(current.reopenedAt)} — «
            {current.reopenReason}»
          </Typography.Text>
        )}
        {current.status === 'DRAFT' && (
          <Button
            size="small"
            loading={submit.isPending}
            onClick={() => run(submit, 'Месяц передан на утверждение')}
          >
            Передать на утверждение
          </Button>
        )}
        {isAdmin && current.status === 'SUBMITTED' && (
          <Button
            size="small"
            type="primary"
            loading={approve.isPending}
            onClick={() => run(approve, 'Месяц утверждён')}
          >
            Утвердить
          </Button>
        )}
        {isAdmin && current.status !== 'DRAFT' && (
          <Button size="small" onClick={() => setReopening(true)}>
            Открыть заново
          </Button>
        )}
      </Flex>
      {current.status === 'APPROVED' && (
        <Typography.Text type="secondary">
          Месяц закрыт: отметки, отсутствия, смены, графики и коды табеля за его даты не меняются.
        </Typography.Text>
      )}
      <Modal
        open={reopening}
        title="Открыть месяц заново"
        okText="Открыть заново"
        cancelText="Отмена"
        confirmLoading={reopen.isPending}
        onOk={() => form.submit()}
        onCancel={() => setReopening(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {unitName}, {month}: после этого даты месяца снова можно изменять, а месяц нужно будет
          утвердить ещё раз.
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={onReopen}>
          <Form.Item
            name="reason"
            label="Причина"
            rules={[
              { required: true, whitespace: true, message: 'Укажите причину' },
              { min: 3, message: 'Укажите причину' },
              { max: 500, message: 'Не длиннее 500 символов' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
