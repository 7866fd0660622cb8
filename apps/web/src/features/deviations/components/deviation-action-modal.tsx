import {
  type BulkResult,
  type DeviationActionType,
  type DeviationRef,
  type TimesheetCode,
  WORK_TIMESHEET_CODES,
  deviationActionLabels,
  timesheetCodeTable,
} from '@smena/contract';
import { Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import {
  BulkActionModal,
  BulkDone,
  BulkError,
  BulkFooter,
} from '../../../components/feedback/bulk-result.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form.ts';
import { useActOnDeviations } from '../api/act-on-deviations.ts';
import { deviationsLabel } from '../deviation-format.ts';

/** A code set from the inbox is a day's code without hours: an absence's (ПР, ДО, Б, НВ …). */
const workCodes = new Set<TimesheetCode>(WORK_TIMESHEET_CODES);
const codeOptions = timesheetCodeTable
  .filter((entry) => !workCodes.has(entry.code) && entry.code !== 'Н')
  .map((entry) => ({ value: entry.code, label: `${entry.code} — ${entry.label}` }));

/** What each action does, said before it is done. */
const hints: Record<DeviationActionType, string> = {
  EXCUSE: 'Отклонение будет решено, часы в табеле не изменятся.',
  SET_CODE: 'Код заменит коды дня в табеле; причина попадёт в историю табеля.',
  APPROVE_OVERTIME:
    'Сверхурочная работа по распоряжению работодателя (ст. 99 ТК РФ): время попадёт в табель кодом С.',
  PAY_DOUBLE:
    'Работа в выходной остаётся в табеле кодом РВ и оплачивается не менее чем вдвойне (ст. 153 ТК РФ).',
  REST_DAY:
    'Оплата в одинарном размере, взамен — день отдыха (ст. 153 ТК РФ): часы дня в табеле станут Я. День отдыха оформите в «Выходных и отсутствиях».',
  COMMENT: 'Комментарий сохранится в истории, статус не изменится.',
};

type Values = { comment: string; code?: TimesheetCode };

/**
 * An action on the chosen deviations: the comment (why — it is kept with who and when), the
 * code for «Код табеля», then what came of each.
 */
export function DeviationActionModal({
  action,
  items,
  fullScreen,
  onApplied,
  onClose,
}: {
  action: DeviationActionType | null;
  items: DeviationRef[];
  fullScreen: boolean;
  /** What else to refresh after a change (the timesheet). */
  onApplied?: () => Promise<unknown>;
  onClose: (applied: boolean) => void;
}) {
  const [form] = Form.useForm<Values>();
  const mutation = useActOnDeviations(onApplied);
  const [result, setResult] = useState<BulkResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    const applied = result !== null;
    setResult(null);
    setError(null);
    mutation.reset();
    onClose(applied);
  };

  const submit = (values: Values) => {
    if (!action) return;
    setError(null);
    mutation.mutate(
      {
        items,
        action,
        comment: values.comment,
        ...(action === 'SET_CODE' ? { code: values.code } : {}),
      },
      {
        onSuccess: setResult,
        onError: (failure) => {
          if (!applyServerFieldErrors(form, failure)) setError(getErrorMessage(failure));
        },
      },
    );
  };

  return (
    <BulkActionModal
      open={action !== null}
      fullScreen={fullScreen}
      onClose={close}
      title={action ? `${deviationActionLabels[action]}: ${deviationsLabel(items.length)}` : ''}
    >
      {result ? (
        <BulkDone result={result} onClose={close} />
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark>
          <BulkError error={error} />
          {action && <Typography.Paragraph type="secondary">{hints[action]}</Typography.Paragraph>}
          {action === 'SET_CODE' && (
            <Form.Item
              name="code"
              label="Код табеля"
              rules={[{ required: true, message: 'Выберите код табеля' }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Например, ПР — Прогул"
                options={codeOptions}
              />
            </Form.Item>
          )}
          <Form.Item
            name="comment"
            label={action === 'COMMENT' ? 'Комментарий' : 'Причина'}
            rules={[
              { required: true, whitespace: true, message: 'Укажите причину или комментарий' },
              { min: 3, message: 'Укажите причину или комментарий' },
              { max: 500, message: 'Не длиннее 500 символов' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
          <BulkFooter
            label={action ? deviationActionLabels[action] : ''}
            busy={mutation.isPending}
            onCancel={close}
          />
        </Form>
      )}
    </BulkActionModal>
  );
}
