import { formatHoursMinutes, type TimesheetCode, type TimesheetEntry } from '@smena/contract';
import { codeLabel, codeTone } from '../report-format.ts';
import './reports.css';

/** A code in its colour («Я»), titled with its meaning. */
export function CodeBadge({ code }: { code: TimesheetCode }) {
  return (
    <span className={`smena-code smena-tone--${codeTone(code)}`} title={codeLabel(code)}>
      {code}
    </span>
  );
}

/** A date's codes with their hours: «Я 6:00» «Н 2:00». */
export function CodeChips({ entries }: { entries: readonly TimesheetEntry[] }) {
  return (
    <span className="smena-code-chips">
      {entries.map((entry, index) => (
        <span
          key={`${entry.code}-${index}`}
          className={`smena-code smena-tone--${codeTone(entry.code)}`}
          title={codeLabel(entry.code)}
        >
          {entry.code}
          {entry.minutes !== null && (
            <span className="smena-code__hours">{formatHoursMinutes(entry.minutes)}</span>
          )}
        </span>
      ))}
    </span>
  );
}
