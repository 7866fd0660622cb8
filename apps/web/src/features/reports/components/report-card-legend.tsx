import { HOURS_MINUTES_NOTE, NIGHT_INSIDE_RV_NOTE, type TimesheetCode } from '@smena/contract';
import { codeLabel, codeTone } from '../report-format.ts';
import './reports.css';

/** The codes met in the month with their meanings, the grid's marks and the unit of hours. */
export function ReportCardLegend({ codes }: { codes: readonly TimesheetCode[] }) {
  return (
    <ul className="smena-tab-legend" aria-label="Обозначения">
      {codes.map((code) => (
        <li key={code} className="smena-tab-legend__item">
          <span className={`smena-tab-legend__code smena-tone--${codeTone(code)}`} aria-hidden>
            {code}
          </span>
          <span>
            <span className="smena-visually-hidden">{code} — </span>
            {codeLabel(code)}
          </span>
        </li>
      ))}
      <li className="smena-tab-legend__item">
        <span className="smena-tab-legend__swatch smena-tab-legend__swatch--off" aria-hidden />
        Выходной или праздник
      </li>
      <li className="smena-tab-legend__item">
        <span className="smena-tab-legend__swatch smena-tab-legend__swatch--override" aria-hidden>
          <span className="smena-tab__mark" />
        </span>
        Изменено вручную
      </li>
      <li className="smena-tab-legend__item">{HOURS_MINUTES_NOTE}</li>
      <li className="smena-tab-legend__item">{NIGHT_INSIDE_RV_NOTE}</li>
    </ul>
  );
}
