import type { KioskDevice } from '@smena/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KioskDevicesTable } from './kiosk-devices-table.tsx';

const NOW = Date.parse('2026-11-26T10:00:00.000Z');

const device = (overrides: Partial<KioskDevice>): KioskDevice => ({
  id: 1,
  title: 'Планшет у входа',
  branchId: 1,
  branchTitle: 'Головной офис',
  pairedAt: '2026-11-20T06:00:00.000Z',
  lastSeenAt: '2026-11-26T09:59:00.000Z',
  revokedAt: null,
  createdByName: 'Иванов Ярослав',
  ...overrides,
});

afterEach(cleanup);

describe('KioskDevicesTable on a phone', () => {
  it('lists kiosks as cards with their actions in sight, none for a disconnected one', () => {
    const onRename = vi.fn();
    const onRevoke = vi.fn();
    render(
      <KioskDevicesTable
        devices={[
          device({}),
          device({ id: 2, title: 'Старый планшет', revokedAt: '2026-11-25T08:00:00.000Z' }),
        ]}
        loading={false}
        isPhone
        zone="Europe/Moscow"
        empty={null}
        nowMs={NOW}
        onRename={onRename}
        onRevoke={onRevoke}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const [live, revoked] = within(screen.getByRole('list', { name: 'Киоски' })).getAllByRole(
      'listitem',
    );
    expect(live!.textContent).toContain('На связи');
    expect(live!.textContent).toContain('Был на связи: 2026-11-26 12:59');
    expect(live!.textContent).toContain('Подключён 2026-11-20 09:00, Иванов Ярослав');
    fireEvent.click(within(live!).getByRole('button', { name: 'Отключить' }));
    expect(onRevoke).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    fireEvent.click(within(live!).getByRole('button', { name: 'Переименовать' }));
    expect(onRename).toHaveBeenCalledTimes(1);
    expect(revoked!.textContent).toContain('Отключён');
    expect(within(revoked!).queryByRole('button')).toBeNull();
  });
});
