import type { DayPlan } from '@smena/contract';
import { describe, expect, it } from 'vitest';
import {
  checkOutText,
  historyAuthor,
  historyChanges,
  planSummary,
  sourceText,
  todayPlanText,
  weekdayOf,
} from './check-format.ts';

const base = { shortened: false, rosterOverride: false, shifts: [] };

describe('check formatting', () => {
  it('names a kiosk punch with its device, a phone check with its distance', () => {
    const location = { latitude: 55.75, longitude: 37.61, accuracy: 10, distance: 34.6 };
    expect(
      sourceText({ source: 'KIOSK_QR', checkInLocation: null, device: 'Планшет у входа' }),
    ).toBe('Киоск (QR), Планшет у входа');
    expect(sourceText({ source: 'KIOSK_PIN', checkInLocation: null, device: '' })).toBe(
      'Киоск (PIN)',
    );
    expect(sourceText({ source: 'WEB', checkInLocation: location, device: 'iPhone' })).toBe(
      'С телефона, 35 м от филиала',
    );
  });

  it('names weekdays from Monday', () => {
    expect(weekdayOf('2026-05-04')).toBe('пн');
    expect(weekdayOf('2026-05-10')).toBe('вс');
  });

  it('says «на месте» for an open check and «не отмечен уход» for a closed-by-server one', () => {
    expect(checkOutText({ checkOutDateTime: null, autoClosed: false }, 'Europe/Moscow')).toEqual({
      time: null,
      note: 'на месте',
    });
    expect(
      checkOutText({ checkOutDateTime: '2026-05-04T15:00:00Z', autoClosed: true }, 'Europe/Moscow'),
    ).toEqual({ time: '18:00', note: 'не отмечен уход' });
  });

  it('describes a day plan plainly', () => {
    const work: DayPlan = {
      ...base,
      date: '2026-05-04',
      kind: 'WORK',
      shifts: [
        {
          start: '2026-05-04T09:00:00+03:00',
          end: '2026-05-04T18:00:00+03:00',
          breakMinutes: 60,
          plannedMinutes: 480,
        },
      ],
    };
    expect(planSummary(work)).toBe('09:00–18:00');
    expect(todayPlanText(work)).toEqual({
      title: 'Смена 09:00–18:00',
      detail: 'перерыв 1 ч · к работе 8 ч',
    });
    expect(todayPlanText({ ...base, date: '2026-05-09', kind: 'REST' }).title).toBe(
      'Сегодня выходной',
    );
    expect(
      todayPlanText({ ...base, date: '2026-05-09', kind: 'DAY_OFF', dayOffType: 'VACATION' }).title,
    ).toBe('Сегодня: отпуск');
    expect(todayPlanText({ ...base, date: '2026-05-09', kind: 'HOLIDAY' }).title).toBe(
      'Сегодня праздник',
    );
  });

  it('reads a correction as before → after, in Russian', () => {
    const changes = historyChanges(
      {
        before: {
          branchId: 1,
          checkIn: '2026-05-04T06:12:00.000Z',
          checkOut: null,
          autoClosed: false,
        },
        after: {
          branchId: 2,
          checkIn: '2026-05-04T06:00:00.000Z',
          checkOut: '2026-05-04T15:00:00.000Z',
          autoClosed: false,
        },
      },
      'Europe/Moscow',
      (id) => (id === 1 ? 'Центральный' : 'Северный'),
    );
    expect(changes).toEqual([
      { label: 'Приход', before: '09:12', after: '09:00' },
      { label: 'Уход', before: 'на месте', after: '18:00' },
      { label: 'Филиал', before: 'Центральный', after: 'Северный' },
    ]);
    expect(historyAuthor({ action: 'AUTO_CLOSE', changedByName: null }, 'WEB')).toBe('Система');
    expect(historyAuthor({ action: 'CREATE', changedByName: null }, 'API')).toBe('API-ключ');
    expect(historyAuthor({ action: 'UPDATE', changedByName: 'Иванов Иван' }, 'WEB')).toBe(
      'Иванов Иван',
    );
  });
});
