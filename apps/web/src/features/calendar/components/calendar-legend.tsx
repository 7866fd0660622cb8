import { LEGEND } from '../cell-format.ts';

/** What each colour of the grid means. */
export function CalendarLegend() {
  return (
    <ul className="smena-cal-legend" aria-label="Обозначения">
      {LEGEND.map((item) => (
        <li key={item.tone} className="smena-cal-legend__item">
          <span className={`smena-cal-legend__swatch smena-cal-tone--${item.tone}`} aria-hidden />
          {item.label}
        </li>
      ))}
      <li className="smena-cal-legend__item">
        <span className="smena-cal-legend__swatch smena-cal-legend__swatch--pending" aria-hidden>
          <span className="smena-cal__pending" />
        </span>
        Заявка на отсутствие (ожидает решения)
      </li>
      <li className="smena-cal-legend__item">
        <span className="smena-cal-legend__swatch smena-cal-legend__swatch--mark" aria-hidden>
          <span className="smena-cal__mark smena-cal__mark--unavailable" />
        </span>
        Сотрудник не может работать
      </li>
      <li className="smena-cal-legend__item">
        <span className="smena-cal-legend__swatch smena-cal-legend__swatch--mark" aria-hidden>
          <span className="smena-cal__mark smena-cal__mark--prefer-not" />
        </span>
        Сотрудник хотел бы не работать
      </li>
      <li className="smena-cal-legend__item">
        <span className="smena-cal-legend__swatch smena-cal-legend__swatch--mark" aria-hidden>
          <span className="smena-cal__rule" />
        </span>
        Нарушение ТК РФ (подробности — в подсказке ячейки)
      </li>
      <li className="smena-cal-legend__item">
        <span className="smena-cal-legend__swatch smena-cal-legend__swatch--company" aria-hidden />
        День изменён в календаре компании
      </li>
      <li className="smena-cal-legend__item">
        <span className="smena-cal-legend__swatch smena-cal-legend__swatch--override" aria-hidden>
          <span className="smena-cal__dot" />
        </span>
        Изменено вручную
      </li>
      <li className="smena-cal-legend__item">
        <span className="smena-cal-legend__swatch smena-cal-legend__swatch--today" aria-hidden />
        Сегодня
      </li>
    </ul>
  );
}
