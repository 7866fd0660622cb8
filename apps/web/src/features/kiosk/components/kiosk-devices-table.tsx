import type { KioskDevice } from '@smena/contract';
import { Button, Card, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { dateTimeOf } from '../../../lib/zoned-instants.ts';
import '../../../components/layout/paged-table.css';

/** A kiosk reports every minute: seen within three, it is «на связи». */
const ONLINE_MS = 3 * 60_000;

/** `yyyy-MM-dd HH:mm` in the company's zone, as the product writes dates. */
function formatInstant(iso: string | null, zone: string | undefined): string {
  return iso ? dateTimeOf(iso, zone) : '—';
}

export function kioskStatus(device: KioskDevice, nowMs: number): { label: string; color: string } {
  if (device.revokedAt) return { label: 'Отключён', color: 'default' };
  if (device.lastSeenAt && nowMs - Date.parse(device.lastSeenAt) < ONLINE_MS) {
    return { label: 'На связи', color: 'green' };
  }
  return { label: 'Нет связи', color: 'orange' };
}

function StatusTag({ device, nowMs }: { device: KioskDevice; nowMs: number }) {
  const status = kioskStatus(device, nowMs);
  return <Tag color={status.color}>{status.label}</Tag>;
}

function DeviceActions({
  device,
  onRename,
  onRevoke,
}: {
  device: KioskDevice;
  onRename: (device: KioskDevice) => void;
  onRevoke: (device: KioskDevice) => void;
}) {
  if (device.revokedAt) return null;
  return (
    <Space wrap>
      <Button size="small" onClick={() => onRename(device)}>
        Переименовать
      </Button>
      <Button size="small" danger onClick={() => onRevoke(device)}>
        Отключить
      </Button>
    </Space>
  );
}

/**
 * The company's kiosks: title, branch, when paired, when last seen, rename and revoke; on a phone
 * a card per kiosk (as the other admin lists), so that the actions stay in sight.
 */
export function KioskDevicesTable({
  devices,
  loading,
  isPhone,
  zone,
  empty,
  nowMs,
  onRename,
  onRevoke,
}: {
  devices: KioskDevice[];
  loading: boolean;
  isPhone: boolean;
  /** The company's zone: the times are shown in it. */
  zone: string | undefined;
  empty: ReactNode;
  nowMs: number;
  onRename: (device: KioskDevice) => void;
  onRevoke: (device: KioskDevice) => void;
}) {
  if (isPhone) {
    if (devices.length === 0 && !loading) return <>{empty}</>;
    return (
      <Spin spinning={loading}>
        <ul className="smena-paged-cards__list" aria-label="Киоски">
          {devices.map((device) => (
            <li key={device.id}>
              <Card
                size="small"
                className={device.revokedAt ? 'smena-kiosk-card--revoked' : undefined}
              >
                <div className="smena-list-card__head">
                  <div>
                    <div className="smena-list-card__title">{device.title}</div>
                    <div className="smena-list-card__meta">{device.branchTitle}</div>
                  </div>
                  <StatusTag device={device} nowMs={nowMs} />
                </div>
                <div className="smena-list-card__meta">
                  Был на связи: {formatInstant(device.lastSeenAt, zone)}
                </div>
                <div className="smena-list-card__meta">
                  Подключён {formatInstant(device.pairedAt, zone)}
                  {device.createdByName ? `, ${device.createdByName}` : ''}
                </div>
                {!device.revokedAt && (
                  <div className="smena-kiosk-card__actions">
                    <DeviceActions device={device} onRename={onRename} onRevoke={onRevoke} />
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      </Spin>
    );
  }

  return (
    <Table<KioskDevice>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={devices}
      pagination={false}
      locale={{ emptyText: empty }}
      columns={[
        {
          title: 'Киоск',
          dataIndex: 'title',
          render: (title: string, device) => (
            <Space orientation="vertical" size={0}>
              <Typography.Text strong>{title}</Typography.Text>
              <Typography.Text type="secondary">{device.branchTitle}</Typography.Text>
            </Space>
          ),
        },
        {
          title: 'Состояние',
          key: 'status',
          render: (_, device) => <StatusTag device={device} nowMs={nowMs} />,
        },
        {
          title: 'Был на связи',
          dataIndex: 'lastSeenAt',
          render: (value: string | null) => formatInstant(value, zone),
        },
        {
          title: 'Подключён',
          dataIndex: 'pairedAt',
          render: (value: string, device) => (
            <Space orientation="vertical" size={0}>
              <span>{formatInstant(value, zone)}</span>
              {device.createdByName && (
                <Typography.Text type="secondary">{device.createdByName}</Typography.Text>
              )}
            </Space>
          ),
        },
        {
          title: '',
          key: 'actions',
          align: 'right',
          render: (_, device) => (
            <DeviceActions device={device} onRename={onRename} onRevoke={onRevoke} />
          ),
        },
      ]}
    />
  );
}
