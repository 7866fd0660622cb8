import { DeleteCheckInputSchema, type Check } from '@smena/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useDeleteCheck } from '../api/delete-check.ts';
import { checkOutText } from '../check-format.ts';
import { dateOf, timeOf } from '../../../lib/zoned-instants.ts';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

/** «Иванов Иван, 2026-05-04, 09:02 → 18:05, Центральный». */
export function describeCheck(check: Check, zone: string): string {
  const out = checkOutText(check, zone);
  const outText = out.time ?? out.note ?? '';
  return `${check.employeeName}, ${dateOf(check.checkInDateTime, zone)}, ${timeOf(check.checkInDateTime, zone)} → ${outText}, ${check.branchTitle}`;
}

/** «Удалить отметку?» with the reason the history keeps. */
export function DeleteCheckModal({
  check,
  zone,
  onClose,
}: {
  check: Check | null;
  zone: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteCheck();

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!check) return;
    const parsed = DeleteCheckInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Укажите причину');
      return;
    }
    try {
      await remove.mutateAsync({ id: check.id, input: parsed.data });
      notify.success('Отметка удалена');
      close();
    } catch (caught) {
      setError(getErrorMessage(caught));
    }
  };

  return (
    <Modal
      open={check !== null}
      title="Удалить отметку?"
      okText="Удалить"
      okButtonProps={{ danger: true }}
      cancelText="Отмена"
      confirmLoading={remove.isPending}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      {check && <p className="smena-checks__describe">{describeCheck(check, zone)}</p>}
      <Alert
        type="warning"
        showIcon
        title="Отметка исчезнет из списков, отчётов и табеля. В её истории останется, кто и почему удалил."
        style={{ marginBottom: 16 }}
      />
      <Form onKeyDown={keepEnterInFields} layout="vertical">
        <Form.Item
          label="Причина удаления"
          htmlFor="check-delete-reason"
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input.TextArea
            id="check-delete-reason"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (error) setError(null);
            }}
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={500}
            placeholder="Например: отметка создана по ошибке"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
