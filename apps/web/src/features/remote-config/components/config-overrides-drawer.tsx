import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ConfigEntry, ConfigValue } from '@smena/contract';
import { Alert, App, Button, Drawer, Empty, Form, Grid, Space, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useDeleteConfigOverride } from '../api/delete-config-override.ts';
import { useSetConfigOverride } from '../api/set-config-override.ts';
import { formatConfigValue, valueProblem } from '../config-format.ts';
import { ConfigValueInput } from './config-value-input.tsx';

/** What a company picker gets from the form (the route supplies the picker). */
export type CompanyPickerProps = {
  id?: string;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  knownLabel?: string | null;
  disabled?: boolean;
};

type FormValues = { companyId: number | undefined; value: ConfigValue | undefined };

function ValueText({ value }: { value: ConfigValue }) {
  if (typeof value === 'boolean') {
    return <Tag color={value ? 'green' : 'default'}>{formatConfigValue(value)}</Tag>;
  }
  return <span className="smena-config-overrides__value">{formatConfigValue(value)}</span>;
}

/** The drawer's content: mounted when it opens, so every visit starts with an empty form. */
function OverridesPanel({
  entry,
  companyPicker,
}: {
  entry: ConfigEntry;
  companyPicker: (props: CompanyPickerProps) => ReactNode;
}) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [editing, setEditing] = useState<{ companyId: number; title: string } | null>(null);
  const setOverride = useSetConfigOverride();
  const deleteOverride = useDeleteConfigOverride();
  const type = entry.type;
  // A company is set apart to get the other value: a switch starts opposite to the common one.
  const startValue = typeof entry.value === 'boolean' ? !entry.value : entry.value;

  const onFinish = async (values: FormValues) => {
    if (values.companyId === undefined || values.value === undefined) return;
    try {
      await setOverride.mutateAsync({
        key: entry.key,
        companyId: values.companyId,
        value: values.value,
      });
      notify.success('Значение для компании сохранено');
      setEditing(null);
      form.setFieldsValue({ companyId: undefined, value: startValue });
    } catch (caught) {
      form.setFields([{ name: 'value', errors: [getErrorMessage(caught)] }]);
    }
  };

  const confirmRemove = (override: ConfigEntry['overrides'][number]) =>
    modal.confirm({
      title: 'Вы уверены?',
      content: `Компания «${override.companyTitle}» будет получать общее значение: ${formatConfigValue(entry.value)}.`,
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await deleteOverride.mutateAsync({ key: entry.key, companyId: override.companyId });
          notify.success(`Значение для «${override.companyTitle}» удалено`);
        } catch {
          // The query client has already shown the server's message.
        }
      },
    });

  return (
    <Space orientation="vertical" size={20} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={
          <>
            Общее значение: <strong>{formatConfigValue(entry.value)}</strong>
          </>
        }
        description="Компании из списка получают своё значение вместо общего — сразу после следующей загрузки настроек в приложении."
      />
      <section aria-labelledby="config-overrides-list">
        <Typography.Title level={5} id="config-overrides-list">
          Компании со своим значением
        </Typography.Title>
        {entry.overrides.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="Пока все компании получают общее значение"
          />
        ) : (
          <ul className="smena-config-overrides" aria-label="Компании со своим значением">
            {entry.overrides.map((override) => (
              <li key={override.companyId} className="smena-config-overrides__item">
                <span className="smena-config-overrides__company">{override.companyTitle}</span>
                <ValueText value={override.value} />
                <span className="smena-config-overrides__actions">
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`Изменить значение для «${override.companyTitle}»`}
                    onClick={() => {
                      setEditing({ companyId: override.companyId, title: override.companyTitle });
                      form.setFieldsValue({
                        companyId: override.companyId,
                        value: override.value,
                      });
                    }}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Удалить значение для «${override.companyTitle}»`}
                    onClick={() => confirmRemove(override)}
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="config-overrides-form">
        <Typography.Title level={5} id="config-overrides-form">
          {editing ? `Значение для «${editing.title}»` : 'Задать значение для компании'}
        </Typography.Title>
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={{ companyId: undefined, value: startValue }}
          onFinish={(values) => void onFinish(values)}
        >
          <Form.Item
            name="companyId"
            label="Компания"
            rules={[{ required: true, message: 'Выберите компанию' }]}
          >
            {companyPicker({ knownLabel: editing?.title, disabled: Boolean(editing) })}
          </Form.Item>
          <Form.Item
            name="value"
            label="Значение"
            rules={[
              {
                validator: (_rule, value: unknown) => {
                  const problem = valueProblem(type, value);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <ConfigValueInput type={type} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={setOverride.isPending}>
              Сохранить
            </Button>
            {editing && (
              <Button
                onClick={() => {
                  setEditing(null);
                  form.setFieldsValue({ companyId: undefined, value: startValue });
                }}
              >
                Отмена
              </Button>
            )}
          </Space>
        </Form>
      </section>
    </Space>
  );
}

/** «Для компании»: the companies with their own value of a key; set, change or remove one. */
export function ConfigOverridesDrawer({
  entry,
  open,
  onClose,
  companyPicker,
}: {
  entry: ConfigEntry | null;
  open: boolean;
  onClose: () => void;
  companyPicker: (props: CompanyPickerProps) => ReactNode;
}) {
  const isPhone = Grid.useBreakpoint().md === false;
  return (
    <Drawer
      open={open && entry !== null}
      onClose={onClose}
      title={entry ? `Для компании: ${entry.key}` : 'Для компании'}
      size={isPhone ? '100%' : 520}
      destroyOnHidden
    >
      {entry && <OverridesPanel entry={entry} companyPicker={companyPicker} />}
    </Drawer>
  );
}
