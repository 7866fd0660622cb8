import { describe, expect, it, vi } from 'vitest';
import {
  createPunchQueue,
  isoWithOffset,
  memoryStore,
  QUEUE_CHUNK,
  type ItemVerdict,
  type QueuedItem,
} from './offline-queue.ts';

type Pin = { personnelNumber: string; pin: string };

function queueAt(start = Date.parse('2026-11-26T06:00:00Z')) {
  let clock = start;
  let keys = 0;
  const store = memoryStore<Pin>();
  const queue = createPunchQueue(store, { now: () => clock, newKey: () => `key-${++keys}` });
  return { queue, store, tick: (ms: number) => (clock += ms) };
}

const accept = (items: { key: string }[]): ItemVerdict[] =>
  items.map((item) => ({ key: item.key, status: 'ACCEPTED', message: null }));

describe('offline punch queue', () => {
  it('keeps the device time, a rising counter and a key, and sends in the counter order', async () => {
    const { queue, tick } = queueAt();
    await queue.enqueue('kiosk-1', { personnelNumber: '1', pin: '4927' });
    tick(60_000);
    await queue.enqueue('kiosk-1', { personnelNumber: '2', pin: '4927' });
    const items = await queue.pending('kiosk-1');
    expect(items.map((item) => [item.key, item.counter])).toEqual([
      ['key-1', 1],
      ['key-2', 2],
    ]);
    expect(Date.parse(items[1]!.deviceAt) - Date.parse(items[0]!.deviceAt)).toBe(60_000);
    const send = vi.fn(async (batch: QueuedItem<Pin>[]) => accept(batch));
    const outcome = await queue.flush('kiosk-1', send);
    expect(send.mock.calls[0]![0].map((item) => item.counter)).toEqual([1, 2]);
    expect(outcome).toEqual({ sent: 2, refused: [], left: 0 });
    expect(await queue.pending()).toEqual([]);
  });

  it('drops a refused item with its reason, keeps a RETRY and what follows it', async () => {
    const { queue } = queueAt();
    for (const number of ['1', '2', '3'])
      await queue.enqueue('k', { personnelNumber: number, pin: '1593' });
    const outcome = await queue.flush('k', async (batch) => [
      { key: batch[0]!.key, status: 'REFUSED', message: 'Неверный табельный номер или PIN' },
      { key: batch[1]!.key, status: 'RETRY', message: 'Слишком много неверных попыток' },
      { key: batch[2]!.key, status: 'REPEATED', message: null },
    ]);
    expect(outcome.refused.map((r) => [r.item.payload.personnelNumber, r.message])).toEqual([
      ['1', 'Неверный табельный номер или PIN'],
    ]);
    expect(outcome.sent).toBe(1);
    expect((await queue.pending()).map((item) => item.payload.personnelNumber)).toEqual(['2']);
    expect(outcome.left).toBe(1);
  });

  it('keeps everything when the network fails, and resends the same keys later', async () => {
    const { queue } = queueAt();
    await queue.enqueue('k', { personnelNumber: '1', pin: '4927' });
    await expect(
      queue.flush('k', async () => {
        throw new Error('Нет связи');
      }),
    ).rejects.toThrow('Нет связи');
    const send = vi.fn(async (batch: { key: string }[]) => accept(batch));
    await queue.flush('k', send);
    expect(send.mock.calls[0]![0].map((item) => item.key)).toEqual(['key-1']);
  });

  it('sends only the owner’s items, in chunks the server takes, one sending at a time', async () => {
    const { queue } = queueAt();
    for (let i = 0; i < QUEUE_CHUNK + 5; i++)
      await queue.enqueue('k', { personnelNumber: String(i), pin: '4927' });
    await queue.enqueue('other', { personnelNumber: 'x', pin: '4927' });
    const send = vi.fn(async (batch: { key: string }[]) => accept(batch));
    const [first, second] = await Promise.all([queue.flush('k', send), queue.flush('k', send)]);
    expect(first).toBe(second);
    expect(send.mock.calls.map((call) => call[0].length)).toEqual([QUEUE_CHUNK, 5]);
    expect((await queue.pending()).map((item) => item.owner)).toEqual(['other']);
  });

  it('writes the device time with its own offset', () => {
    const text = isoWithOffset(Date.parse('2026-11-26T06:00:00Z'));
    expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    expect(Date.parse(text)).toBe(Date.parse('2026-11-26T06:00:00Z'));
  });
});
