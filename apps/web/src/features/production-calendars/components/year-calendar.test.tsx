import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DateMark } from '../calendar-draft.ts';
import { YearCalendar } from './year-calendar.tsx';

// antd's menus measure themselves; jsdom has no ResizeObserver.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', NoopResizeObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const marks = new Map<string, DateMark>([
  ['2026-01-01', 'HOLIDAY'],
  ['2026-01-09', 'TRANSFERRED'],
  ['2026-02-21', 'WORKING_WEEKEND'],
  ['2026-03-06', 'SHORTENED'],
]);

function renderYear(onSetMark = vi.fn()) {
  render(
    <YearCalendar
      year={2026}
      marks={marks}
      changed={new Set(['2026-01-09'])}
      errors={new Map([['2026-02-21', 'Рабочий выходной — только суббота или воскресенье']])}
      onSetMark={onSetMark}
    />,
  );
  return onSetMark;
}

describe('YearCalendar', () => {
  it('shows twelve months from Monday and says what each date is', () => {
    renderYear();
    expect(screen.getAllByRole('region').map((month) => month.getAttribute('aria-label'))).toEqual([
      'Январь',
      'Февраль',
      'Март',
      'Апрель',
      'Май',
      'Июнь',
      'Июль',
      'Август',
      'Сентябрь',
      'Октябрь',
      'Ноябрь',
      'Декабрь',
    ]);
    // 1 January 2026 is a Thursday: three empty columns before it.
    const january = screen.getByRole('region', { name: 'Январь' });
    expect(january.querySelector('[style*="span 3"]')).toBeTruthy();

    const holiday = screen.getByRole('button', { name: '2026-01-01, четверг: праздник' });
    expect(holiday.className).toContain('smena-pcal-kind--holiday');
    const transferred = screen.getByRole('button', {
      name: '2026-01-09, пятница: перенесённый выходной (не сохранено)',
    });
    expect(transferred.className).toContain('smena-pcal-kind--transferred');
    expect(transferred.querySelector('.smena-pcal__changed')).toBeTruthy();
    const working = screen.getByRole('button', {
      name: '2026-02-21, суббота: рабочий выходной. Ошибка: Рабочий выходной — только суббота или воскресенье',
    });
    expect(working.className).toContain('smena-pcal-kind--working');
    expect(working.getAttribute('aria-invalid')).toBe('true');
    const shortened = screen.getByRole('button', { name: '2026-03-06, пятница: сокращённый день' });
    expect(shortened.textContent).toBe('6*');
    const sunday = screen.getByRole('button', { name: '2026-01-04, воскресенье: выходной' });
    expect(sunday.className).toContain('smena-pcal__date--weekend');
    expect(
      screen.getByRole('button', { name: '2026-01-12, понедельник: рабочий день' }),
    ).toBeTruthy();
  });

  it('offers only the marks that fit the date and reports the choice', async () => {
    const onSetMark = renderYear();
    fireEvent.click(screen.getByRole('button', { name: '2026-01-03, суббота: выходной' }));
    const transferred = await screen.findByRole('menuitem', { name: /Перенесённый выходной/ });
    expect(transferred.getAttribute('aria-disabled')).toBe('true');
    expect(transferred.textContent).toContain('только будний день');
    fireEvent.click(screen.getByRole('menuitem', { name: /Рабочий выходной/ }));
    expect(onSetMark).toHaveBeenCalledWith('2026-01-03', 'WORKING_WEEKEND');
  });
});
