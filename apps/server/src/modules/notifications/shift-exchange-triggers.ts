/**
 * Notifications of open shifts and hand-overs (decision 029): each call is a fixed number of
 * queries (one `notify` batch per message), whatever the number of recipients.
 */
import type { DbOrTx } from '../../db/client.ts';
import { findManagersSeeing } from '../../db/employee-scope.ts';
import { notify } from './notifications.service.ts';

/** Where employees answer (their home page) and where managers decide. */
export const shiftExchangePaths = {
  home: '/',
  manager: '/company/shift-exchange',
} as const;

const when = (shift: { date: string; start: string; end: string }) =>
  `${shift.date}, ${shift.start}–${shift.end}`;

/** A new open shift: every eligible employee hears it, in one batch. */
export async function notifyOpenShiftPosted(
  db: DbOrTx,
  shift: {
    companyId: number;
    openShiftId: number;
    userIds: readonly number[];
    branchTitle: string;
    date: string;
    start: string;
    end: string;
  },
): Promise<void> {
  await notify(db, {
    companyId: shift.companyId,
    userIds: [...shift.userIds],
    kind: 'OPEN_SHIFT',
    title: `Открытая смена: ${shift.branchTitle}`,
    body: `${when(shift)}. Откликнитесь на главной странице`,
    url: shiftExchangePaths.home,
    dedupeKey: `open-shift:${shift.openShiftId}`,
  });
}

/** A claim waits for a decision: the managers who see the claimer hear it. */
export async function notifyClaimWaiting(
  db: DbOrTx,
  claim: {
    companyId: number;
    claimId: number;
    employeeId: number;
    employeeUserId: number;
    name: string;
    date: string;
    start: string;
    end: string;
  },
): Promise<void> {
  const seeing = await findManagersSeeing(db, claim.companyId, [claim.employeeId]);
  await notify(db, {
    companyId: claim.companyId,
    userIds: (seeing.get(claim.employeeId) ?? []).filter((id) => id !== claim.employeeUserId),
    kind: 'OPEN_SHIFT',
    title: `Заявка на открытую смену: ${claim.name}`,
    body: when(claim),
    url: shiftExchangePaths.manager,
    dedupeKey: `open-shift-claim:${claim.claimId}`,
  });
}

/** A claim was approved (by a manager or at once) or rejected: the claimer hears it. */
export async function notifyClaimDecided(
  db: DbOrTx,
  decision: {
    companyId: number;
    claimId: number;
    userIds: readonly number[];
    date: string;
    start: string;
    end: string;
    approved: boolean;
    reason: string | null;
  },
): Promise<void> {
  await notify(db, {
    companyId: decision.companyId,
    userIds: [...decision.userIds],
    kind: 'OPEN_SHIFT',
    title: decision.approved
      ? `Смена ${decision.date} ваша`
      : `Заявка на смену ${decision.date} отклонена`,
    body: decision.approved
      ? `${when(decision)} — смена в вашем графике`
      : `Причина: «${decision.reason ?? ''}»`,
    url: shiftExchangePaths.home,
    dedupeKey: `open-shift-claim-decided:${decision.claimId}`,
  });
}

/** An open shift was cancelled: those whose claims waited hear it, in one batch. */
export async function notifyOpenShiftCancelled(
  db: DbOrTx,
  shift: {
    companyId: number;
    openShiftId: number;
    userIds: readonly number[];
    date: string;
    start: string;
    end: string;
  },
): Promise<void> {
  await notify(db, {
    companyId: shift.companyId,
    userIds: [...shift.userIds],
    kind: 'OPEN_SHIFT',
    title: `Открытая смена ${shift.date} отменена`,
    body: `${when(shift)}: руководитель отменил смену, ваша заявка отклонена`,
    url: shiftExchangePaths.home,
    dedupeKey: `open-shift-cancelled:${shift.openShiftId}`,
  });
}

type SwapMessage = {
  companyId: number;
  swapId: number;
  date: string;
  start: string;
  end: string;
};

/** A hand-over offered: to the named colleague, or to every eligible one, in one batch. */
export async function notifySwapOffered(
  db: DbOrTx,
  swap: SwapMessage & { userIds: readonly number[]; fromName: string },
): Promise<void> {
  await notify(db, {
    companyId: swap.companyId,
    userIds: [...swap.userIds],
    kind: 'SHIFT_SWAP',
    title: `${swap.fromName} предлагает смену`,
    body: `${when(swap)}. Примите или откажитесь на главной странице`,
    url: shiftExchangePaths.home,
    dedupeKey: `swap-offered:${swap.swapId}`,
  });
}

/** A colleague accepted: the managers who see both and the giver hear it. */
export async function notifySwapAccepted(
  db: DbOrTx,
  swap: SwapMessage & {
    from: { employeeId: number; userId: number };
    taker: { employeeId: number; userId: number; name: string };
  },
): Promise<void> {
  const seeing = await findManagersSeeing(db, swap.companyId, [
    swap.from.employeeId,
    swap.taker.employeeId,
  ]);
  const takerManagers = new Set(seeing.get(swap.taker.employeeId) ?? []);
  const managers = (seeing.get(swap.from.employeeId) ?? []).filter(
    (id) => takerManagers.has(id) && id !== swap.from.userId && id !== swap.taker.userId,
  );
  await notify(db, {
    companyId: swap.companyId,
    userIds: managers,
    kind: 'SHIFT_SWAP',
    title: `Обмен сменой ждёт решения`,
    body: `${swap.taker.name} берёт смену ${when(swap)}`,
    url: shiftExchangePaths.manager,
    dedupeKey: `swap-accepted-managers:${swap.swapId}`,
  });
  await notify(db, {
    companyId: swap.companyId,
    userIds: [swap.from.userId],
    kind: 'SHIFT_SWAP',
    title: `${swap.taker.name} принял(а) вашу смену`,
    body: `${when(swap)}. Ждём решения руководителя`,
    url: shiftExchangePaths.home,
    dedupeKey: `swap-accepted:${swap.swapId}`,
  });
}

/** A manager approved or rejected a hand-over: both employees hear it. */
export async function notifySwapDecided(
  db: DbOrTx,
  swap: SwapMessage & { userIds: readonly number[]; approved: boolean; reason: string | null },
): Promise<void> {
  await notify(db, {
    companyId: swap.companyId,
    userIds: [...swap.userIds],
    kind: 'SHIFT_SWAP',
    title: swap.approved
      ? `Обмен сменой ${swap.date} одобрен`
      : `Обмен сменой ${swap.date} отклонён`,
    body: swap.approved ? `${when(swap)} — графики обновлены` : `Причина: «${swap.reason ?? ''}»`,
    url: shiftExchangePaths.home,
    dedupeKey: `swap-decided:${swap.swapId}`,
  });
}
