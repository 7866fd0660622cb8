import {
  ConfigKeySchema,
  CreateConfigEntryInputSchema,
  type ConfigEntry,
  type ConfigValue,
  type ConfigValueType,
} from '@smena/contract';
import { Form, Input, Segmented, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useCreateConfigEntry } from '../api/create-config-entry.ts';
import { useUpdateConfigEntry } from '../api/update-config-entry.ts';
import { configTypeLabels, emptyValueOf, valueProblem } from '../config-format.ts';
import { ConfigValueInput } from './config-value-input.tsx';
import { FormDrawer } from '../../../components/form/form-drawer.tsx';

type FormValues = {
  key: string;
  type: ConfigValueType;
  value: ConfigValue | undefined;
  description: string;
  companyOverridable: boolean;
};

const TYPE_OPTIONS = (['boolean', 'number', 'string'] as const).map((type) => ({
  value: type,
  label: configTypeLabels[type],
}));

function initialValues(entry: ConfigEntry | null): FormValues {
  return {
    key: entry?.key ?? '',
    type: entry?.type ?? 'boolean',
    value: entry?.value ?? false,
    description: entry?.description ?? '',
    companyOverridable: entry?.companyOverridable ?? false,
  };
}

/** «Добавить параметр» and «Изменить»: key and type are fixed once the key exists. */
export function ConfigEntryFormDrawer({
  open,
  entry,
  onClose,
}: {
  open: boolean;
  entry: ConfigEntry | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const type = Form.useWatch('type', form) ?? entry?.type ?? 'boolean';
  const create = useCreateConfigEntry();
  const update = useUpdateConfigEntry();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(entry));
  }, [open, entry, form]);

  const onFinish = async (values: FormValues) => {
    try {
      if (entry) {
        await update.mutateAsync({
          key: entry.key,
          input: {
            value: values.value ?? entry.value,
            description: values.description,
            companyOverridable: values.companyOverridable,
          },
        });
        notify.success(`Параметр ${entry.key} сохранён`);
      } else {
        const input = CreateConfigEntryInputSchema.parse({ ...values, key: values.key.trim() });
        await create.mutateAsync(input);
        notify.success(`Параметр ${input.key} добавлен`);
      }
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) notify.apiError(caught);
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={entry ? `Параметр ${entry.key}` : 'Новый параметр'}
      width={520}
      onSave={() => form.submit()}
      saving={saving}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(entry)}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={(changed: Partial<FormValues>) => {
          // A value of the old type makes no sense for the new one.
          if (changed.type) form.setFieldValue('value', emptyValueOf(changed.type));
        }}
      >
        <Form.Item
          name="key"
          label="Ключ"
          required
          extra="Латиницей, части через точку: features.reports, app.supportPhone"
          rules={[zodRule(ConfigKeySchema, 'Укажите ключ')]}
        >
          <Input
            disabled={Boolean(entry)}
            autoFocus={!entry}
            maxLength={100}
            spellCheck={false}
            placeholder="features.example"
            className="smena-config-key-input"
          />
        </Form.Item>
        <Form.Item name="type" label="Тип" required>
          <Segmented<ConfigValueType> options={TYPE_OPTIONS} disabled={Boolean(entry)} block />
        </Form.Item>
        <Form.Item
          name="value"
          label="Значение"
          required={type !== 'string'}
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
        <Form.Item
          name="description"
          label="Описание"
          rules={[zodRule(CreateConfigEntryInputSchema.shape.description)]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={500}
            showCount
            placeholder="Что меняет этот параметр и где"
          />
        </Form.Item>
        <Form.Item
          name="companyOverridable"
          label="Своё значение для компании"
          valuePropName="checked"
          extra={
            <Typography.Text type="secondary">
              Разрешает задать отдельным компаниям значение, отличное от общего.
            </Typography.Text>
          }
        >
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
