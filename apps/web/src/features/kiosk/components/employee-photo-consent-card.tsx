import { CameraOutlined } from '@ant-design/icons';
import { PaperKioskPhotoConsentInputSchema } from '@smena/contract';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { dateTimeOf } from '../../../lib/zoned-instants.ts';
import {
  useEmployeePhotoConsent,
  useRecordPaperConsent,
  useWithdrawEmployeeConsent,
} from '../api/kiosk-photos.ts';
import { consentSummary } from './photo-consent-section.tsx';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type PaperValues = { documentDate: Dayjs | null; documentNumber: string };

function PaperConsentForm({ employeeId, onDone }: { employeeId: number; onDone: () => void }) {
  const [form] = Form.useForm<PaperValues>();
  const record = useRecordPaperConsent(employeeId);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: PaperValues) => {
    setError(null);
    try {
      await record.mutateAsync({
        documentDate: values.documentDate?.format(DATE_FORMAT) ?? '',
        documentNumber: values.documentNumber,
      });
      notify.success('Письменное согласие внесено');
      onDone();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) setError(getErrorMessage(caught));
    }
  };

  return (
    <Form<PaperValues>
      form={form}
      layout="vertical"
      initialValues={{ documentDate: dayjs(), documentNumber: '' }}
      onFinish={(values) => void onFinish(values)}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item
        label="Дата согласия"
        name="documentDate"
        required
        rules={[{ required: true, message: 'Укажите дату документа' }]}
      >
        <DatePicker
          format={DATE_FORMAT}
          inputReadOnly
          style={{ width: '100%' }}
          disabledDate={(date) => date.isAfter(dayjs(), 'day')}
        />
      </Form.Item>
      <Form.Item
        label="Номер документа"
        name="documentNumber"
        required
        rules={[zodRule(PaperKioskPhotoConsentInputSchema.shape.documentNumber, 'Укажите номер')]}
      >
        <Input maxLength={100} placeholder="Например, 17/К" />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={record.isPending}>
          Сохранить
        </Button>
        <Button onClick={onDone}>Отмена</Button>
      </Space>
    </Form>
  );
}

/**
 * «Фото при отметке по PIN» on an employee's card, for the company's ADMIN (decision 034): the
 * consent in force — given in the app, or signed on paper and entered here with its date and
 * number — and its withdrawal on the employee's request, which deletes the photos at once.
 */
export function EmployeePhotoConsentCard({
  employeeId,
  zone,
}: {
  employeeId: number;
  zone: string | undefined;
}) {
  const { modal } = App.useApp();
  const state = useEmployeePhotoConsent(employeeId);
  const withdraw = useWithdrawEmployeeConsent(employeeId);
  const [entering, setEntering] = useState(false);

  const confirmWithdraw = (photos: number) => {
    modal.confirm({
      title: 'Отозвать согласие сотрудника?',
      content: `Делайте это по заявлению сотрудника. ${photos > 0 ? `Его фото с киоска (${photos}) будут удалены сразу.` : 'Фото с киоска у него нет.'} Дальше отметки по PIN — без фото.`,
      okText: 'Отозвать',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          const answer = await withdraw.mutateAsync();
          notify.success(
            answer.deletedPhotos > 0
              ? `Согласие отозвано, удалено ${answer.deletedPhotos} фото`
              : 'Согласие отозвано',
          );
        } catch (caught) {
          notify.apiError(caught);
        }
      },
    });
  };

  return (
    <Card
      variant="borderless"
      title={
        <span>
          <CameraOutlined /> Фото при отметке по PIN
        </span>
      }
    >
      {state.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : state.isError ? (
        <Alert type="error" showIcon title={getErrorMessage(state.error)} />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {!state.data.enabled && (
            <Typography.Text type="secondary">
              В компании фото при отметке выключено («Настройки → Киоски»): согласие можно внести
              заранее.
            </Typography.Text>
          )}
          {state.data.consent ? (
            <>
              <Descriptions
                column={1}
                size="small"
                items={[
                  {
                    key: 'consent',
                    label: 'Согласие',
                    children: capitalized(consentSummary(state.data.consent, zone)),
                  },
                  ...(state.data.consent.method === 'PAPER'
                    ? [
                        {
                          key: 'recorded',
                          label: 'Внесено',
                          children: [
                            dateTimeOf(state.data.consent.givenAt, zone),
                            state.data.consent.recordedByName,
                          ]
                            .filter(Boolean)
                            .join(', '),
                        },
                      ]
                    : []),
                  { key: 'photos', label: 'Фото хранится', children: state.data.photos },
                ]}
              />
              <div>
                <Button
                  danger
                  loading={withdraw.isPending}
                  onClick={() => confirmWithdraw(state.data.photos)}
                >
                  Отозвать согласие
                </Button>
              </div>
            </>
          ) : entering ? (
            <PaperConsentForm employeeId={employeeId} onDone={() => setEntering(false)} />
          ) : (
            <>
              <Typography.Paragraph style={{ marginBottom: 0 }}>
                Согласия нет — при отметке по PIN фото этого сотрудника не делается. Сотрудник может
                дать согласие сам в приложении или подписать его на бумаге.
              </Typography.Paragraph>
              <div>
                <Button onClick={() => setEntering(true)}>Внести письменное согласие</Button>
              </div>
            </>
          )}
          {state.data.history.length > 0 && (
            <Typography.Text type="secondary" className="smena-photo-consent__history">
              Отозванные согласия:{' '}
              {state.data.history
                .map(
                  (past) =>
                    `${consentSummary(past, zone)}, отозвано ${past.withdrawnAt ? dateTimeOf(past.withdrawnAt, zone) : ''}`,
                )
                .join('; ')}
            </Typography.Text>
          )}
        </Space>
      )}
    </Card>
  );
}
