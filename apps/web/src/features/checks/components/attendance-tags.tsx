import type { DateAttendance } from '@smena/contract';
import { Tag } from 'antd';
import { formatDuration } from '../../../lib/durations.ts';

/** What a date's attendance amounts to, as tags: lateness, early leave, absence, on site. */
export function AttendanceTags({
  attendance,
  withOpen = true,
}: {
  attendance: Pick<
    DateAttendance,
    | 'late'
    | 'lateMinutes'
    | 'leftEarly'
    | 'earlyLeaveMinutes'
    | 'absent'
    | 'notArrived'
    | 'open'
    | 'workedOnDayOff'
  >;
  withOpen?: boolean;
}) {
  return (
    <>
      {attendance.late && <Tag color="red">Опоздание {formatDuration(attendance.lateMinutes)}</Tag>}
      {attendance.leftEarly && (
        <Tag color="orange">Ранний уход {formatDuration(attendance.earlyLeaveMinutes)}</Tag>
      )}
      {attendance.absent && <Tag color="red">Неявка</Tag>}
      {attendance.notArrived && <Tag color="gold">Смена идёт, отметки нет</Tag>}
      {withOpen && attendance.open && <Tag color="green">На месте</Tag>}
      {attendance.workedOnDayOff && <Tag color="purple">Работа в нерабочий день</Tag>}
    </>
  );
}

/** A lateness or early-leave cell: the minutes in colour, or a dash. */
export function MinutesCell({ minutes, color }: { minutes: number; color: 'red' | 'orange' }) {
  if (minutes <= 0) return <span className="smena-checks__muted">—</span>;
  return <Tag color={color}>{formatDuration(minutes)}</Tag>;
}
