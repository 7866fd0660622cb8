import { SetKioskPinInputSchema } from '@smena/contract';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { dateOf } from '../../../lib/zoned-instants.ts';
import { applyServerFieldErrors, sameAsRule, zodRule } from '../../../lib/form.ts';
import { useKioskPin, useSetKioskPin } from '../api/admin-kiosks.ts';

type PinValues = { pin: string; repeat: string };

/**
 * The employee's PIN for the branch's kiosk: 4–6 digits, not a trivial one; typed with the
 * personnel number on the kiosk's keypad.
 */
export function KioskPinForm({ zone }: { zone: string | undefined }) {
  const [form] = Form.useForm<PinValues>();
  const status = useKioskPin();
  const setPin = useSetKioskPin();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: PinValues) => {
    setError(null);
    try {
      await setPin.mutateAsync({ pin: values.pin });
      form.resetFields();
      notify.success('PIN для киоска сохранён');
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) setError(getErrorMessage(caught));
    }
  };

  const pinStatus = status.data;
  return (
    <Form<PinValues>
      form={form}
      layout="vertical"
      onFinish={(values) => void onFinish(values)}
      onValuesChange={() => error && setError(null)}
    >
      {pinStatus && (
        <Typography.Paragraph type="secondary">
          {pinStatus.personnelNumber
            ? `Ваш табельный номер: ${pinStatus.personnelNumber}. `
            : 'Табельный номер вам ещё не присвоен — попросите руководителя указать его в карточке. '}
          {pinStatus.set
            ? `PIN задан ${pinStatus.setAt ? dateOf(pinStatus.setAt, zone) : ''}; новый заменит его.`
            : 'PIN ещё не задан.'}
        </Typography.Paragraph>
      )}
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} role="alert" />
      )}
      <Form.Item
        label={pinStatus?.set ? 'Новый PIN' : 'PIN'}
        name="pin"
        required
        rules={[zodRule(SetKioskPinInputSchema.shape.pin, 'Введите PIN')]}
        extra="4–6 цифр; не 0000, 1234 и подобные"
      >
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Повторите PIN"
        name="repeat"
        required
        dependencies={['pin']}
        rules={[
          { required: true, message: 'Повторите PIN' },
          sameAsRule('pin', 'PIN не совпадают'),
        ]}
      >
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={setPin.isPending}>
        Сохранить PIN
      </Button>
    </Form>
  );
}
