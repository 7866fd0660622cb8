import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createNotificationCenter,
  DEFAULT_TITLES,
  DISPLAY_MS,
  MAX_ANNOUNCEMENTS,
  MAX_VISIBLE,
  TRANSITION_MS,
} from './notification-center.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('notification centre', () => {
  it('gives each type its default title', () => {
    const center = createNotificationCenter();
    center.show({ type: 'info', message: 'a' });
    center.show({ type: 'success', message: 'b' });
    center.show({ type: 'error', message: 'c' });
    expect(center.getState().visible.map((item) => item.title)).toEqual([
      'Инфо',
      'Успех',
      'Ошибка',
    ]);
    center.show({ type: 'warning', message: 'd' });
    expect(center.getState().queued[0]?.title).toBe('Внимание');
    expect(DEFAULT_TITLES).toEqual({
      info: 'Инфо',
      success: 'Успех',
      error: 'Ошибка',
      warning: 'Внимание',
    });
  });

  it('keeps a given title and defaults to info', () => {
    const center = createNotificationCenter();
    center.show({ message: 'x', title: 'Доступна новая версия' });
    expect(center.getState().visible[0]).toMatchObject({
      type: 'info',
      title: 'Доступна новая версия',
    });
  });

  it('shows at most 3 at once; the next one waits and appears when a card leaves', () => {
    const center = createNotificationCenter();
    for (const message of ['1', '2', '3', '4', '5']) center.show({ type: 'error', message });
    expect(MAX_VISIBLE).toBe(3);
    expect(center.getState().visible.map((item) => item.message)).toEqual(['1', '2', '3']);
    expect(center.getState().queued.map((item) => item.message)).toEqual(['4', '5']);

    center.dismiss(center.getState().visible[0]?.id ?? -1);
    expect(center.getState().visible[0]?.closing).toBe(true);
    vi.advanceTimersByTime(TRANSITION_MS);
    expect(center.getState().visible.map((item) => item.message)).toEqual(['2', '3', '4']);
    expect(center.getState().visible).toHaveLength(3);
  });

  it('closes a card after 3000 ms (plus the 200 ms transition)', () => {
    const center = createNotificationCenter();
    center.show({ type: 'success', message: 'Сохранено' });
    vi.advanceTimersByTime(DISPLAY_MS - 1);
    expect(center.getState().visible[0]?.closing).toBe(false);
    vi.advanceTimersByTime(1);
    expect(center.getState().visible[0]?.closing).toBe(true);
    vi.advanceTimersByTime(TRANSITION_MS);
    expect(center.getState().visible).toHaveLength(0);
  });

  it('keeps a card without duration until it is closed, and pauses the clocks on hover', () => {
    const center = createNotificationCenter();
    center.show({ message: 'sticky', duration: null });
    center.show({ message: 'timed' });
    center.pause();
    vi.advanceTimersByTime(DISPLAY_MS * 2);
    expect(center.getState().visible).toHaveLength(2);
    center.resume();
    vi.advanceTimersByTime(DISPLAY_MS + TRANSITION_MS);
    expect(center.getState().visible.map((item) => item.message)).toEqual(['sticky']);
  });

  it('does not stack the same message twice', () => {
    const center = createNotificationCenter();
    center.show({ type: 'error', message: 'Нет связи' });
    center.show({ type: 'error', message: 'Нет связи' });
    expect(center.getState().visible).toHaveLength(1);
  });

  it('holds at most 2 announcements for screen readers', () => {
    const center = createNotificationCenter();
    center.show({ type: 'info', message: 'a' });
    center.show({ type: 'info', message: 'b' });
    center.show({ type: 'info', message: 'c' });
    expect(MAX_ANNOUNCEMENTS).toBe(2);
    expect(center.getState().announcements.map((a) => a.text)).toEqual(['Инфо. b', 'Инфо. c']);
    vi.advanceTimersByTime(DISPLAY_MS);
    expect(center.getState().announcements).toHaveLength(0);
  });
});
