import { CameraOutlined } from '@ant-design/icons';
import {
  KIOSK_PHOTO_RETENTION_MAX_DAYS,
  KIOSK_PHOTO_RETENTION_MIN_DAYS,
  UpdateOrganizationInputSchema,
  type Company,
  type UpdateOrganizationInput,
} from '@smena/contract';
import { Button, Form, InputNumber, Space, Switch, Typography } from 'antd';
import { Link } from 'react-router';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { paths } from '../../../config/paths.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';

type PhotoValues = { kioskPhoto: boolean; kioskPhotoRetentionDays: number | null };

const shape = UpdateOrganizationInputSchema.shape;

/**
 * «Фото при отметке по PIN» of «Настройки → Киоски» (ADMIN; decision 034): off by default; on, a
 * kiosk takes one frame at a PIN punch of an employee who consented, kept for the days set here.
 */
export function KioskPhotoSettings({
  company,
  saving,
  onSave,
}: {
  company: Company;
  saving: boolean;
  onSave: (input: UpdateOrganizationInput) => Promise<unknown>;
}) {
  const [form] = Form.useForm<PhotoValues>();
  const enabled = Form.useWatch('kioskPhoto', form) ?? company.kioskPhoto;

  const onFinish = async (values: PhotoValues) => {
    try {
      await onSave(
        UpdateOrganizationInputSchema.parse({
          kioskPhoto: values.kioskPhoto,
          kioskPhotoRetentionDays: values.kioskPhotoRetentionDays,
        }),
      );
      notify.success('Сохранено');
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) notify.apiError(caught);
    }
  };

  return (
    <Form<PhotoValues>
      form={form}
      layout="vertical"
      name="kiosk-photo"
      className="smena-kiosk-photo-settings"
      initialValues={{
        kioskPhoto: company.kioskPhoto,
        kioskPhotoRetentionDays: company.kioskPhotoRetentionDays,
      }}
      onFinish={(values) => void onFinish(values)}
    >
      <Typography.Title level={5} className="smena-photo-consent__title">
        <CameraOutlined /> Фото при отметке по PIN
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="smena-kiosks__intro">
        Киоск делает одно фото фронтальной камерой, когда сотрудник отмечается по PIN, — только если
        сотрудник дал согласие на обработку биометрических данных (152-ФЗ, ст. 11): сам в приложении
        («Главная → PIN для киоска») или письменно — тогда внесите его в карточке сотрудника. Фото
        видят администраторы, руководители сотрудника и он сам, рядом с отметкой; лица автоматически
        не сравниваются. Отметки по QR и сохранённые без связи — без фото. См.{' '}
        <Link to={paths.public.privacy}>политику конфиденциальности</Link>.
      </Typography.Paragraph>
      <Form.Item>
        <Space align="center">
          <Form.Item name="kioskPhoto" valuePropName="checked" noStyle>
            <Switch />
          </Form.Item>
          {/* The form's name prefixes the field's id. */}
          <label htmlFor="kiosk-photo_kioskPhoto">Делать фото при отметке по PIN</label>
        </Space>
      </Form.Item>
      <Form.Item
        label="Срок хранения фото"
        name="kioskPhotoRetentionDays"
        required
        rules={[zodRule(shape.kioskPhotoRetentionDays, 'Укажите срок хранения в днях')]}
        extra={`От ${KIOSK_PHOTO_RETENTION_MIN_DAYS} до ${KIOSK_PHOTO_RETENTION_MAX_DAYS} дней; потом фото удаляется автоматически. Сокращённый срок сразу применяется и к уже сделанным фото.`}
      >
        <InputNumber<number>
          min={KIOSK_PHOTO_RETENTION_MIN_DAYS}
          max={KIOSK_PHOTO_RETENTION_MAX_DAYS}
          precision={0}
          suffix="дн."
          disabled={!enabled}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        Сохранить
      </Button>
    </Form>
  );
}
