import type { Check } from '@smena/contract';
import { Alert, Descriptions, Modal, Segmented, Spin, Typography } from 'antd';
import { useState } from 'react';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
import { dateOf, dateTimeOf } from '../../../lib/zoned-instants.ts';
import { useCheckPhoto } from '../api/get-check-photo.ts';
import { sourceText } from '../check-format.ts';
import './check-photo.css';

type Direction = 'IN' | 'OUT';

const DIRECTION_LABELS: Record<Direction, string> = { IN: 'Приход', OUT: 'Уход' };

/**
 * The viewer of a check's kiosk photos (decision 034): the frame of the check-in or the check-out,
 * who and when, and when it is deleted. Shown to people only: nothing compares faces.
 */
export function CheckPhotoModal({
  check,
  zone,
  open,
  onClose,
}: {
  check: Check;
  zone: string;
  open: boolean;
  onClose: () => void;
}) {
  const directions = check.photos.map((photo) => photo.direction);
  const [direction, setDirection] = useState<Direction>(directions[0] ?? 'IN');
  const photo = check.photos.find((item) => item.direction === direction);
  const image = useCheckPhoto(check.id, direction, open && photo !== undefined);
  const url = image.data;
  const punchAt = direction === 'IN' ? check.checkInDateTime : check.checkOutDateTime;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
      title={`Фото с киоска — ${check.employeeName}`}
    >
      {directions.length > 1 && (
        <Segmented<Direction>
          className="smena-check-photo__tabs"
          value={direction}
          onChange={setDirection}
          options={directions.map((value) => ({ value, label: DIRECTION_LABELS[value] }))}
        />
      )}
      <div className="smena-check-photo__frame">
        {image.isError ? (
          <Alert
            type="warning"
            showIcon
            title={
              isApiError(image.error) && image.error.statusCode === 404
                ? 'Фото уже удалено: истёк срок хранения или сотрудник отозвал согласие'
                : getErrorMessage(image.error)
            }
          />
        ) : url ? (
          <img
            className="smena-check-photo__image"
            src={url}
            alt={`${check.employeeName}, ${DIRECTION_LABELS[direction].toLowerCase()} ${punchAt ? dateTimeOf(punchAt, zone) : ''}`}
          />
        ) : (
          <Spin />
        )}
      </div>
      <Descriptions
        className="smena-check-photo__facts"
        column={1}
        size="small"
        items={[
          { key: 'who', label: 'Сотрудник', children: check.employeeName },
          {
            key: 'when',
            label: DIRECTION_LABELS[direction],
            children: punchAt ? `${dateTimeOf(punchAt, zone)}, ${check.branchTitle}` : '—',
          },
          { key: 'how', label: 'Отметка', children: sourceText(check) },
          ...(photo
            ? [{ key: 'kept', label: 'Хранится до', children: dateOf(photo.expiresAt, zone) }]
            : []),
        ]}
      />
      <Typography.Paragraph type="secondary" className="smena-check-photo__note">
        Фото сделано киоском при отметке по PIN с согласия сотрудника. Оно нужно, чтобы вы сами
        убедились, кто отметился: автоматически лица не сравниваются.
      </Typography.Paragraph>
    </Modal>
  );
}
