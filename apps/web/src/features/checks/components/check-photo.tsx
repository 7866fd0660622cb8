import { CameraOutlined } from '@ant-design/icons';
import type { Check } from '@smena/contract';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import './check-photo.css';

// The viewer loads on the first click: the lists it sits in stay as light as before.
const CheckPhotoModal = lazy(() =>
  import('./check-photo-modal.tsx').then((module) => ({ default: module.CheckPhotoModal })),
);

/** A camera button beside the check's source when a kiosk photo is kept; opens the viewer. */
export function CheckPhotoButton({ check, zone }: { check: Check; zone: string }) {
  const [open, setOpen] = useState(false);
  if (check.photos.length === 0) return null;
  const label =
    check.photos.length > 1 ? 'Фото прихода и ухода с киоска' : 'Фото с киоска при отметке';
  return (
    <>
      <Tooltip title={label}>
        <Button
          size="small"
          className="smena-check-photo__button"
          icon={<CameraOutlined />}
          aria-label={label}
          onClick={() => setOpen(true)}
        >
          Фото
        </Button>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <CheckPhotoModal check={check} zone={zone} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
