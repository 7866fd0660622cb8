import type { KioskDevice } from '@smena/contract';
import { Button, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { dateTimeOf } from '../../../lib/zoned-instants.ts';

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

/** The company's kiosks: title, branch, when paired, when last seen, rename and revoke. */
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
  return (
    <Table<KioskDevice>
      rowKey="id"
      size={isPhone ? 'small' : 'middle'}
      loading={loading}
      dataSource={devices}
      pagination={false}
      locale={{ emptyText: empty }}
      scroll={isPhone ? { x: 640 } : undefined}
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
          render: (_, device) => {
            const status = kioskStatus(device, nowMs);
            return <Tag color={status.color}>{status.label}</Tag>;
          },
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
          render: (_, device) =>
            device.revokedAt ? null : (
              <Space wrap>
                <Button size="small" onClick={() => onRename(device)}>
                  Переименовать
                </Button>
                <Button size="small" danger onClick={() => onRevoke(device)}>
                  Отключить
                </Button>
              </Space>
            ),
        },
      ]}
    />
  );
}
