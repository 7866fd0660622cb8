import type { KioskPairingCode } from '@smena/contract';
import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useCreatePairingCode } from '../api/admin-kiosks.ts';

type Values = { branchId?: number; title?: string };

/**
 * «Подключить киоск»: the branch and a name, then the one-time code shown large with the time
 * left; the kiosk's screen at `/kiosk` takes it.
 */
export function PairingCodeModal({
  open,
  branches,
  onClose,
}: {
  open: boolean;
  branches: { value: number; label: string }[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const create = useCreatePairingCode();
  const [code, setCode] = useState<KioskPairingCode | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!code) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [code]);

  const close = () => {
    setCode(null);
    create.reset();
    form.resetFields();
    onClose();
  };

  const submit = async (values: Values) => {
    try {
      const created = await create.mutateAsync({
        branchId: values.branchId!,
        ...(values.title?.trim() ? { title: values.title.trim() } : {}),
      });
      setNow(Date.now());
      setCode(created);
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const secondsLeft = code ? Math.max(0, Math.round((Date.parse(code.expiresAt) - now) / 1000)) : 0;
  const kioskUrl = `${window.location.origin}/kiosk`;

  return (
    <Modal
      open={open}
      onCancel={close}
      title={code ? `Код для киоска «${code.title}»` : 'Подключить киоск'}
      footer={
        code ? (
          <Button type="primary" onClick={close}>
            Готово
          </Button>
        ) : (
          <>
            <Button onClick={close}>Отмена</Button>
            <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
              Получить код
            </Button>
          </>
        )
      }
      destroyOnHidden
    >
      {code ? (
        <div className="smena-kiosk-code">
          <Typography.Paragraph>
            Откройте на планшете или компьютере у входа в филиал «{code.branchTitle}» адрес{' '}
            <Typography.Text code copyable>
              {kioskUrl}
            </Typography.Text>{' '}
            и введите код:
          </Typography.Paragraph>
          <div className="smena-kiosk-code__value" data-testid="kiosk-pairing-code">
            {code.code}
          </div>
          {secondsLeft > 0 ? (
            <Typography.Paragraph type="secondary" className="smena-kiosk-code__expiry">
              Код действует ещё {Math.floor(secondsLeft / 60)}:
              {String(secondsLeft % 60).padStart(2, '0')} и подходит только для одного устройства.
            </Typography.Paragraph>
          ) : (
            <Alert type="warning" showIcon title="Срок кода истёк: получите новый." />
          )}
        </div>
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="branchId"
            label="Филиал"
            rules={[{ required: true, message: 'Выберите филиал' }]}
          >
            <Select
              options={branches}
              placeholder="Выберите филиал"
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item
            name="title"
            label="Название"
            rules={[{ max: 100, message: 'Не длиннее 100 символов' }]}
          >
            <Input placeholder="Например, «Планшет у проходной»" />
          </Form.Item>
          {create.isError && <Alert type="error" showIcon title={getErrorMessage(create.error)} />}
        </Form>
      )}
    </Modal>
  );
}
