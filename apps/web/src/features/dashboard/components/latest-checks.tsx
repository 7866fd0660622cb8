import type { Dashboard } from '@smena/contract';
import { Avatar, Card, Empty, Tag } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { initialsOf, wallTime, zoneNote } from '../dashboard-format.ts';

type LatestCheck = Dashboard['latestChecks'][number];

const AVATAR_COLORS = ['#1677ff', '#13c2c2', '#722ed1', '#eb2f96', '#fa8c16', '#52c41a'];

function CheckRow({ check }: { check: LatestCheck }) {
  const name = check.employeeName.trim() || `Сотрудник №${check.employeeId}`;
  const note = zoneNote(check.checkInDateTime);
  return (
    <li className="smena-dashboard-feed__item">
      <Avatar
        className="smena-dashboard-feed__avatar"
        style={{ backgroundColor: AVATAR_COLORS[check.employeeId % AVATAR_COLORS.length] }}
        aria-hidden
      >
        {initialsOf(name) || '?'}
      </Avatar>
      <div className="smena-dashboard-feed__who">
        <Link to={paths.company.employee(check.employeeId)} className="smena-dashboard-feed__name">
          {name}
        </Link>
        <span className="smena-dashboard-feed__branch">{check.branchTitle}</span>
      </div>
      <div className="smena-dashboard-feed__times">
        <span className="smena-dashboard-feed__span">
          <span className="smena-visually-hidden">Приход </span>
          <time dateTime={check.checkInDateTime}>{wallTime(check.checkInDateTime)}</time>
          {check.checkOutDateTime ? (
            <>
              {' – '}
              <span className="smena-visually-hidden">уход </span>
              <time dateTime={check.checkOutDateTime}>{wallTime(check.checkOutDateTime)}</time>
            </>
          ) : null}
          {note && <span className="smena-dashboard-feed__zone"> {note}</span>}
        </span>
        <span className="smena-dashboard-feed__tags">
          {check.late && (
            <Tag color="orange" className="smena-dashboard-feed__tag">
              Опоздание
            </Tag>
          )}
          {!check.checkOutDateTime && (
            <Tag color="green" className="smena-dashboard-feed__tag">
              на месте
            </Tag>
          )}
        </span>
      </div>
    </li>
  );
}

/** Today's latest check-ins and check-outs, newest first, in each branch's time. */
export function LatestChecks({ checks }: { checks: Dashboard['latestChecks'] }) {
  return (
    <Card
      variant="borderless"
      title="Последние отметки"
      extra={<Link to={paths.company.checks}>Все отметки</Link>}
      className="smena-dashboard-panel"
    >
      {checks.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Сегодня отметок ещё нет" />
      ) : (
        <ul className="smena-dashboard-feed" aria-label="Последние отметки">
          {checks.map((check) => (
            <CheckRow key={check.id} check={check} />
          ))}
        </ul>
      )}
    </Card>
  );
}
