import { CompanyNotificationSettingsInputSchema, type Company } from '@smena/contract';
import { Button, Col, Divider, Form, InputNumber, Row, Switch, Typography } from 'antd';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import {
  useUpdateCommentNotification,
  useUpdateCompanyNotificationSettings,
} from '../api/update-company-notification-settings.ts';
import './notifications.css';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

type Values = {
  notification: boolean;
  startNotificationBerofeMinutes: number | null;
  endNotificationBerofeMinutes: number | null;
  disableCommentNotifications: boolean;
};

const shape = CompanyNotificationSettingsInputSchema.shape;

function SwitchField({
  name,
  title,
  description,
  disabled,
}: {
  name: 'notification' | 'disableCommentNotifications';
  title: string;
  description: string;
  disabled?: boolean;
}) {
  const id = `notification-settings-${name}`;
  return (
    <div className="smena-notification-settings__switch-row">
      <div>
        <Typography.Text strong id={`${id}-label`}>
          {title}
        </Typography.Text>
        <Typography.Paragraph type="secondary" id={`${id}-description`} style={{ margin: 0 }}>
          {description}
        </Typography.Paragraph>
      </div>
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-description`}
          disabled={disabled}
        />
      </Form.Item>
    </div>
  );
}

/**
 * The company's notification settings: the main switch, when shift
 * reminders go out, and whether comments are announced. Only an administrator edits them.
 */
export function CompanyNotificationForm({
  company,
  canEdit,
}: {
  company: Company;
  canEdit: boolean;
}) {
  const [form] = Form.useForm<Values>();
  const updateSettings = useUpdateCompanyNotificationSettings();
  const updateComments = useUpdateCommentNotification();
  const isOn = Form.useWatch('notification', form) ?? company.notification;
  const isSaving = updateSettings.isPending || updateComments.isPending;

  const onFinish = async (values: Values) => {
    try {
      const settings = CompanyNotificationSettingsInputSchema.parse({
        notification: values.notification,
        startNotificationBerofeMinutes: values.startNotificationBerofeMinutes,
        endNotificationBerofeMinutes: values.endNotificationBerofeMinutes,
      });
      const settingsChanged =
        settings.notification !== company.notification ||
        settings.startNotificationBerofeMinutes !== company.startNotificationBerofeMinutes ||
        settings.endNotificationBerofeMinutes !== company.endNotificationBerofeMinutes;
      const commentsChanged =
        values.disableCommentNotifications !== company.disableCommentNotifications;
      if (!settingsChanged && !commentsChanged) {
        notify.info('Изменений нет');
        return;
      }
      // Two calls of the API; each answers with the whole company.
      if (settingsChanged) await updateSettings.mutateAsync(settings);
      if (commentsChanged) await updateComments.mutateAsync(values.disableCommentNotifications);
      notify.success('Настройки уведомлений сохранены');
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) notify.apiError(caught);
    }
  };

  return (
    <Form<Values>
      onKeyDown={keepEnterInFields}
      form={form}
      layout="vertical"
      name="company-notifications"
      disabled={!canEdit}
      initialValues={{
        notification: company.notification,
        startNotificationBerofeMinutes: company.startNotificationBerofeMinutes,
        endNotificationBerofeMinutes: company.endNotificationBerofeMinutes,
        disableCommentNotifications: company.disableCommentNotifications,
      }}
      onFinish={(values) => void onFinish(values)}
    >
      <SwitchField
        name="notification"
        title="Уведомления компании"
        description="Главный переключатель: когда он выключен, уведомления не отправляются никому в компании."
      />
      <Divider style={{ margin: '20px 0' }} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Напоминать о начале смены за (мин)"
            name="startNotificationBerofeMinutes"
            required
            rules={[zodRule(shape.startNotificationBerofeMinutes, 'Укажите число минут')]}
            extra="0 — в момент начала смены."
          >
            <InputNumber<number>
              // No `max`: a number typed beyond a day gets the contract's message, not a silent clamp.
              min={0}
              precision={0}
              suffix="мин"
              disabled={!canEdit || !isOn}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Напоминать о конце смены за (мин)"
            name="endNotificationBerofeMinutes"
            required
            rules={[zodRule(shape.endNotificationBerofeMinutes, 'Укажите число минут')]}
            extra="0 — в момент окончания смены."
          >
            <InputNumber<number>
              // No `max`: a number typed beyond a day gets the contract's message, not a silent clamp.
              min={0}
              precision={0}
              suffix="мин"
              disabled={!canEdit || !isOn}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <SwitchField
        name="disableCommentNotifications"
        title="Не присылать уведомления о комментариях"
        description="Руководители не будут получать уведомления о новых комментариях к дням и отметкам."
        disabled={!canEdit || !isOn}
      />
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={isSaving} style={{ marginTop: 24 }}>
          Сохранить
        </Button>
      )}
    </Form>
  );
}
