import { and, eq, inArray } from 'drizzle-orm';
import {
  correctionKindLabels,
  dayOffTypeLabels,
  monthTitle,
  type Comment,
  type CorrectionKind,
  type DayOffType,
} from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import { companies, employees, users } from '../../db/schema/index.ts';
import { findManagersSeeing, loadManagerUnitsScope, scopeCovers } from '../../db/employee-scope.ts';
import { memberName } from '../../db/member-name.ts';
import { notify, notifyEach } from './notifications.service.ts';

/** App paths the notifications open (apps/web/src/config/paths.ts). */
export const notificationPaths = {
  home: '/',
  employeeComments: (employeeId: number) => `/company/employees/${employeeId}?tab=comments`,
  weekends: '/company/work-structures/weekends',
  /** The person's profile, where their invitations are answered. */
  invitations: '/company/profile/user#invitations',
  employees: '/company/employees',
  correctionRequests: '/company/correction-requests',
} as const;

/** «Иванова А. П.»: the short form Russian lists use. */
export function shortName(person: { lastName: string; firstName: string; middleName: string }) {
  const initials = [person.firstName, person.middleName]
    .filter((part) => part.trim() !== '')
    .map((part) => `${part.trim()[0]!.toUpperCase()}.`)
    .join(' ');
  return [person.lastName.trim(), initials].filter(Boolean).join(' ') || 'Сотрудник';
}

function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Who hears about these employees (a comment, a day-off request, a late alert): the company's
 * active ADMINs and the MANAGERs whose scope holds each of them (decision 016), the employee
 * themself left out. One query however many employees: `findManagersSeeing`.
 */
export async function findManagerRecipients(
  db: DbOrTx,
  companyId: number,
  subjects: readonly { employeeId: number; userId: number }[],
): Promise<Map<number, number[]>> {
  const seeing = await findManagersSeeing(
    db,
    companyId,
    subjects.map((subject) => subject.employeeId),
  );
  return new Map(
    subjects.map(({ employeeId, userId }) => [
      employeeId,
      (seeing.get(employeeId) ?? []).filter((id) => id !== userId),
    ]),
  );
}

async function findPeople(db: DbOrTx, companyId: number, employeeIds: number[]) {
  const rows = await db
    .select({
      employeeId: employees.id,
      userId: employees.userId,
      role: employees.role,
      lastName: memberName.lastName,
      firstName: memberName.firstName,
      middleName: memberName.middleName,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, employeeIds)));
  return new Map(rows.map((row) => [row.employeeId, row]));
}

/**
 * A new comment: an employee's (or a manager's on their own day) goes to the company's ADMINs and
 * the MANAGERs whose scope holds the employee; a manager's on an employee's day goes to that employee. Never to the author; nothing
 * when the company disabled comment notifications.
 */
export async function notifyCommentCreated(
  db: DbOrTx,
  comment: Comment,
  context: { companyId: number },
): Promise<void> {
  const { companyId } = context;
  const [company] = await db
    .select({ disabled: companies.disableCommentNotifications })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company || company.disabled || comment.authorId === null) return;
  const people = await findPeople(db, companyId, [comment.authorId, comment.employeeId]);
  const author = people.get(comment.authorId);
  const subject = people.get(comment.employeeId);
  if (!author || !subject) return;

  const message = {
    companyId,
    kind: 'COMMENT' as const,
    title: `Новый комментарий: ${shortName(subject)} — ${comment.date}`,
    body: `${shortName(author)}: «${excerpt(comment.text)}»`,
    dedupeKey: `comment:${comment.id}`,
  };
  const byManager = author.role !== 'EMPLOYEE';
  if (byManager && subject.employeeId !== author.employeeId) {
    await notify(db, {
      ...message,
      userIds: [subject.userId],
      // An employee has no employee pages: their comments are on the home page.
      url:
        subject.role === 'EMPLOYEE'
          ? notificationPaths.home
          : notificationPaths.employeeComments(subject.employeeId),
    });
    return;
  }
  const managers = (await findManagerRecipients(db, companyId, [subject]))
    .get(subject.employeeId)!
    .filter((id) => id !== author.userId);
  await notify(db, {
    ...message,
    userIds: managers,
    url: notificationPaths.employeeComments(subject.employeeId),
  });
}

/**
 * An employee asked for a day-off: the company's ADMINs and the MANAGERs whose scope holds the
 * asker (not the asker) decide.
 */
export async function notifyDayOffRequested(
  db: DbOrTx,
  request: {
    companyId: number;
    dayOffId: number;
    employeeId: number;
    type: DayOffType;
    from: string;
    to: string;
    comment: string;
  },
): Promise<void> {
  const people = await findPeople(db, request.companyId, [request.employeeId]);
  const asker = people.get(request.employeeId);
  if (!asker) return;
  const period = request.from === request.to ? request.from : `${request.from} — ${request.to}`;
  const comment = request.comment.trim() ? `: «${excerpt(request.comment, 100)}»` : '';
  const managers = (await findManagerRecipients(db, request.companyId, [asker])).get(
    asker.employeeId,
  )!;
  await notify(db, {
    companyId: request.companyId,
    userIds: managers,
    kind: 'DAY_OFF_REQUESTED',
    title: `Запрос отсутствия: ${shortName(asker)}`,
    body: `${dayOffTypeLabels[request.type]}, ${period}${comment}`,
    url: notificationPaths.weekends,
    dedupeKey: `day-off-requested:${request.dayOffId}`,
  });
}

/**
 * A company invited an existing account. The person reads it in the bell of every company they
 * work in (the notification centre is per company), with push where that company allows it.
 */
export async function notifyInvitationSent(
  db: DbOrTx,
  invitation: { id: number; userId: number; companyTitle: string },
): Promise<void> {
  const memberships = await db
    .select({ companyId: employees.companyId })
    .from(employees)
    .where(and(eq(employees.userId, invitation.userId), eq(employees.status, 'ACTIVE')));
  for (const { companyId } of memberships) {
    await notify(db, {
      companyId,
      userIds: [invitation.userId],
      kind: 'INVITATION',
      title: 'Приглашение в компанию',
      body: `${excerpt(invitation.companyTitle, 100)} приглашает вас в сотрудники. Примите или отклоните приглашение в профиле`,
      url: notificationPaths.invitations,
      dedupeKey: `invitation:${invitation.id}:${companyId}`,
    });
  }
}

/**
 * The invited person answered: the one who invited hears it (by the name they typed) — if they
 * still manage the company's people and the proposed membership (department, branches) is still in
 * their scope. A manager moved to another store since, demoted or dismissed hears nothing.
 */
export async function notifyInvitationAnswered(
  db: DbOrTx,
  answer: {
    invitationId: number;
    companyId: number;
    invitedByUserId: number | null;
    typedName: { lastName: string; firstName: string; middleName: string };
    proposal: { departmentId: number | null; branchIds: readonly number[] };
    accepted: boolean;
  },
): Promise<void> {
  if (answer.invitedByUserId === null) return;
  if (!(await inviterStillSees(db, answer.companyId, answer.invitedByUserId, answer.proposal))) {
    return;
  }
  const who = shortName(answer.typedName);
  await notify(db, {
    companyId: answer.companyId,
    userIds: [answer.invitedByUserId],
    kind: 'INVITATION',
    title: answer.accepted ? `${who} принял(а) приглашение` : `${who} отклонил(а) приглашение`,
    body: answer.accepted
      ? 'Сотрудник появился в списке сотрудников'
      : 'Сотрудник не будет добавлен в компанию',
    url: notificationPaths.employees,
    dedupeKey: `invitation-answer:${answer.invitationId}`,
  });
}

async function inviterStillSees(
  db: DbOrTx,
  companyId: number,
  userId: number,
  proposal: { departmentId: number | null; branchIds: readonly number[] },
): Promise<boolean> {
  const [inviter] = await db
    .select({ id: employees.id, role: employees.role, managerScope: employees.managerScope })
    .from(employees)
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.userId, userId),
        eq(employees.status, 'ACTIVE'),
        inArray(employees.role, ['ADMIN', 'MANAGER']),
      ),
    )
    .limit(1);
  if (inviter === undefined) return false;
  if (inviter.role === 'ADMIN' || inviter.managerScope === 'COMPANY') return true;
  const scope = await loadManagerUnitsScope(db, companyId, inviter.id);
  return scopeCovers(scope, proposal);
}

/**
 * An employee asked to correct their attendance of a date: the company's ADMINs and the MANAGERs
 * whose scope holds them (not the asker) decide (decision 025).
 */
export async function notifyCorrectionRequested(
  db: DbOrTx,
  request: {
    companyId: number;
    requestId: number;
    employeeId: number;
    kind: CorrectionKind;
    date: string;
  },
): Promise<void> {
  const people = await findPeople(db, request.companyId, [request.employeeId]);
  const asker = people.get(request.employeeId);
  if (!asker) return;
  const managers = (await findManagerRecipients(db, request.companyId, [asker])).get(
    asker.employeeId,
  )!;
  await notify(db, {
    companyId: request.companyId,
    userIds: managers,
    kind: 'CORRECTION_REQUEST',
    title: `Запрос на исправление: ${shortName(asker)}`,
    body: `${correctionKindLabels[request.kind]}, ${request.date}`,
    url: notificationPaths.correctionRequests,
    dedupeKey: `correction-requested:${request.requestId}`,
  });
}

/**
 * A manager approved or rejected an employee's correction request: the employee hears it (in the
 * bell and by push), with the reason of a refusal.
 */
export async function notifyCorrectionDecided(
  db: DbOrTx,
  decision: {
    companyId: number;
    requestId: number;
    employeeId: number;
    date: string;
    approved: boolean;
    reason: string | null;
  },
): Promise<void> {
  const people = await findPeople(db, decision.companyId, [decision.employeeId]);
  const employee = people.get(decision.employeeId);
  if (!employee) return;
  await notify(db, {
    companyId: decision.companyId,
    userIds: [employee.userId],
    kind: 'CORRECTION_REQUEST',
    title: decision.approved
      ? `Исправление за ${decision.date} одобрено`
      : `Исправление за ${decision.date} отклонено`,
    body: decision.approved
      ? 'Отметки и табель исправлены'
      : `Причина: «${excerpt(decision.reason ?? '', 200)}»`,
    // An employee's requests are on their home page; a manager's own, on the managers' page.
    url:
      employee.role === 'EMPLOYEE' ? notificationPaths.home : notificationPaths.correctionRequests,
    dedupeKey: `correction-decided:${decision.requestId}`,
  });
}

/**
 * A month's schedule was published (decision 028): each employee it touches hears it in the
 * bell and by push — all of them on a first version; on a later one only those whose days
 * changed, naming the dates. One fixed number of queries, however many employees.
 */
export async function notifySchedulePublished(
  db: DbOrTx,
  publication: {
    companyId: number;
    publicationId: number;
    month: string;
    version: number;
    /** The employees to tell and the dates the version changed for each. */
    touched: readonly { employeeId: number; changedDates: readonly string[] }[];
  },
): Promise<void> {
  if (publication.touched.length === 0) return;
  const people = await findPeople(
    db,
    publication.companyId,
    publication.touched.map((item) => item.employeeId),
  );
  // Inside a sentence: «График на декабрь 2026 опубликован».
  const month = monthTitle(publication.month).toLocaleLowerCase('ru-RU');
  const listed = (dates: readonly string[]) =>
    dates.length <= 6
      ? dates.join(', ')
      : `${dates.slice(0, 6).join(', ')} и ещё ${dates.length - 6}`;
  await notifyEach(
    db,
    publication.companyId,
    publication.touched.flatMap(({ employeeId, changedDates }) => {
      const person = people.get(employeeId);
      if (!person) return [];
      return [
        {
          userId: person.userId,
          kind: 'SCHEDULE_PUBLISHED' as const,
          title:
            publication.version === 1
              ? `Опубликован график на ${month}`
              : `Изменён график на ${month}`,
          body:
            publication.version === 1
              ? 'Ознакомьтесь с графиком на главной странице и нажмите «Ознакомлен»'
              : `Изменены дни: ${listed(changedDates)}. Ознакомьтесь с графиком на главной странице`,
          url: notificationPaths.home,
          dedupeKey: `schedule-published:${publication.publicationId}`,
        },
      ];
    }),
  );
}
