import { CameraOutlined } from '@ant-design/icons';
import {
  DAY_FORMS,
  formatCount,
  kioskPhotoConsentMethodLabels,
  type KioskPhotoConsent,
} from '@smena/contract';
import { Alert, App, Button, Collapse, Skeleton, Space, Typography } from 'antd';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { dateTimeOf } from '../../../lib/zoned-instants.ts';
import {
  useGivePhotoConsent,
  useMyPhotoConsent,
  useWithdrawPhotoConsent,
} from '../api/kiosk-photos.ts';
import '../kiosk-photos.css';

/** «в приложении 2026-03-02 09:15» / «на бумаге, № 17/К от 2026-03-02». */
export function consentSummary(consent: KioskPhotoConsent, zone: string | undefined): string {
  const how = kioskPhotoConsentMethodLabels[consent.method].toLowerCase();
  if (consent.method === 'PAPER') {
    return `${how}, № ${consent.documentNumber ?? '—'} от ${consent.documentDate ?? '—'}`;
  }
  return `${how} ${dateTimeOf(consent.givenAt, zone)}`;
}

/** The consent's wording, a paragraph per block, as the server will store it. */
export function ConsentText({ text }: { text: string }) {
  return (
    <div className="smena-photo-consent__text" aria-label="Текст согласия">
      {text.split('\n\n').map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

/**
 * «Фото при отметке по PIN» (decision 034) for the employee: where the company takes photos, the
 * consent's full wording and «Даю согласие»; once given, when and how, the photos kept and
 * «Отозвать согласие», which deletes them at once. Nothing shows where there is nothing to decide.
 */
export function PhotoConsentSection({ zone }: { zone: string | undefined }) {
  const { modal } = App.useApp();
  const state = useMyPhotoConsent();
  const give = useGivePhotoConsent();
  const withdraw = useWithdrawPhotoConsent();

  if (state.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (state.isError) {
    return <Alert type="error" showIcon title={getErrorMessage(state.error)} />;
  }
  const { enabled, consent, text, textVersion, photos, retentionDays } = state.data;
  if (!enabled && !consent) return null;

  const onGive = async () => {
    try {
      await give.mutateAsync(textVersion);
      notify.success('Согласие сохранено');
    } catch (caught) {
      notify.apiError(caught);
    }
  };

  const onWithdraw = () => {
    modal.confirm({
      title: 'Отозвать согласие на фото?',
      content:
        photos > 0
          ? `Ваши фото с киоска (${photos}) будут удалены сразу. Отметки останутся, дальше — без фото.`
          : 'Отметки по PIN будут делаться без фото.',
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
    <section className="smena-photo-consent" aria-labelledby="photo-consent-title">
      <Typography.Title level={5} id="photo-consent-title" className="smena-photo-consent__title">
        <CameraOutlined /> Фото при отметке по PIN
      </Typography.Title>
      {consent ? (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Alert
            type="success"
            showIcon
            title={`Согласие дано ${consentSummary(consent, zone)}`}
            description={
              enabled
                ? `При каждой отметке на киоске по PIN делается одно фото, оно хранится ${formatCount(retentionDays, DAY_FORMS)}. Сейчас сохранено: ${photos} фото.`
                : `Сейчас в компании фото при отметке не делается. Сохранено: ${photos} фото.`
            }
          />
          {consent.method === 'APP' && (
            <Collapse
              size="small"
              items={[
                {
                  key: 'text',
                  label: 'Текст согласия',
                  children: <ConsentText text={text} />,
                },
              ]}
            />
          )}
          <Button danger loading={withdraw.isPending} onClick={onWithdraw}>
            Отозвать согласие
          </Button>
        </Space>
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Компания делает фото при отметке на киоске по PIN — только тех, кто дал согласие. Фото
            смотрит руководитель, чтобы убедиться, что отметился именно сотрудник; лица не
            распознаются автоматически. Без согласия вы отмечаетесь так же, только без фото.
          </Typography.Paragraph>
          <ConsentText text={text} />
          <Button type="primary" loading={give.isPending} onClick={() => void onGive()}>
            Даю согласие
          </Button>
        </Space>
      )}
    </section>
  );
}
