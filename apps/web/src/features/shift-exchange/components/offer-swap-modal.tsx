import { OfferSwapInputSchema } from '@smena/contract';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
import { useOfferSwap, useSwapColleagues } from '../api/shift-exchange-api.ts';
import { dateLabel, timeLabel, type OwnShift } from '../shift-exchange-format.ts';

type Values = { to: 'ANYONE' | 'COLLEAGUE'; toEmployeeId?: number; comment?: string };

/**
 * «Отдать смену»: the caller offers their shift to a named colleague of the branch (those who can
 * take it: free at that time, same position) or to anyone eligible; a manager approves once a
 * colleague accepts.
 */
export function OfferSwapModal({
  open,
  shift,
  onClose,
}: {
  open: boolean;
  shift: OwnShift;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const to = Form.useWatch('to', form) ?? 'ANYONE';
  const colleagues = useSwapColleagues(shift.date, shift.start, open);
  const offer = useOfferSwap();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setError(null);
    const input = {
      date: shift.date,
      start: shift.start,
      toEmployeeId: values.to === 'COLLEAGUE' ? values.toEmployeeId : null,
      comment: values.comment ?? '',
    };
    const parsed = OfferSwapInputSchema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Проверьте поля');
      return;
    }
    try {
      await offer.mutateAsync(input);
      notify.success('Смена предложена');
      onClose();
    } catch (caught) {
      if (isApiError(caught) && caught.details?.length) {
        form.setFields(
          caught.details.map((detail) => ({
            name: detail.field === 'toEmployeeId' ? 'toEmployeeId' : 'comment',
            errors: [detail.message],
          })),
        );
      } else setError(getErrorMessage(caught));
    }
  };

  return (
    <Modal
      open={open}
      title="Отдать смену"
      okText="Предложить"
      cancelText="Отмена"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={offer.isPending}
      destroyOnHidden
    >
      <p>
        {dateLabel(shift.date)}, {timeLabel(shift)}
      </p>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" initialValues={{ to: 'ANYONE' }} onFinish={submit}>
        <Form.Item name="to" label="Кому">
          <Radio.Group
            options={[
              { value: 'ANYONE', label: 'Любому подходящему коллеге' },
              { value: 'COLLEAGUE', label: 'Конкретному коллеге' },
            ]}
          />
        </Form.Item>
        {to === 'COLLEAGUE' && (
          <Form.Item
            name="toEmployeeId"
            label="Коллега"
            rules={[{ required: true, message: 'Выберите коллегу' }]}
          >
            <Select
              loading={colleagues.isPending}
              placeholder="Кто свободен в это время"
              options={(colleagues.data?.items ?? []).map((item) => ({
                value: item.id,
                label: item.name,
              }))}
              notFoundContent="Свободных коллег нет"
            />
          </Form.Item>
        )}
        <Form.Item name="comment" label="Комментарий">
          <Input.TextArea rows={2} maxLength={500} placeholder="Например: заболел ребёнок" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
