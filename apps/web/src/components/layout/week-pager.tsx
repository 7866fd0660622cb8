import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { monthWeeks, weekIndexOf, weekTitle, type MonthWeek } from '../../lib/month-weeks.ts';
import { shiftMonth } from '@smena/contract';
import './week-pager.css';

/** A horizontal swipe longer than this (px) turns the week; shorter moves are taps or scrolls. */
const SWIPE_DISTANCE = 56;

export type WeekPager = {
  week: MonthWeek;
  title: string;
  previous: () => void;
  next: () => void;
  /** Pointer handlers for the grid: a swipe left shows the next week, right the previous. */
  swipe: {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerCancel: () => void;
  };
};

/**
 * A month shown one week at a time (phones): today's week first, ‹ › and swipes move a week, and
 * past the month's first or last week they open the neighbouring month at its last or first week.
 */
export function useWeekPager(
  dates: readonly string[],
  today: string,
  onMonthChange: (month: string) => void,
): WeekPager {
  const weeks = useMemo(() => monthWeeks(dates), [dates]);
  const month = dates[0]?.slice(0, 7) ?? '';
  // The chosen week belongs to a month; another month starts at today's week (or the first),
  // unless it was opened from a neighbour's edge.
  const [chosen, setChosen] = useState<{ month: string; index: number } | null>(null);
  const last = Math.max(0, weeks.length - 1);
  const index =
    chosen?.month === month ? Math.min(Math.max(chosen.index, 0), last) : weekIndexOf(weeks, today);
  const week = weeks[index] ?? { dates: [...dates], firstWeekday: 0 };

  const go = (step: -1 | 1) => {
    const target = index + step;
    if (target >= 0 && target <= last) {
      setChosen({ month, index: target });
      return;
    }
    const neighbour = shiftMonth(month, step);
    setChosen({ month: neighbour, index: step < 0 ? Number.MAX_SAFE_INTEGER : 0 });
    onMonthChange(neighbour);
  };

  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swipe = {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      start.current =
        event.pointerType === 'mouse'
          ? null
          : { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < 2 * Math.abs(dy)) return;
      go(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };

  return {
    week,
    title: weekTitle(week),
    previous: () => go(-1),
    next: () => go(1),
    swipe,
  };
}

/** «‹ 16–22 ноября ›» above a grid shown a week at a time. */
export function WeekPagerBar({ pager }: { pager: WeekPager }) {
  return (
    <nav className="smena-week-pager" aria-label="Неделя">
      <Button icon={<LeftOutlined />} aria-label="Предыдущая неделя" onClick={pager.previous} />
      <span className="smena-week-pager__title" aria-live="polite">
        {pager.title}
      </span>
      <Button icon={<RightOutlined />} aria-label="Следующая неделя" onClick={pager.next} />
    </nav>
  );
}
