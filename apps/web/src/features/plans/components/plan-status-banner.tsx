import { Role, planStatusAt, type Company } from '@smena/contract';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { formatCount } from '../../../components/layout/public-page-layout.tsx';
import { mayOpen } from '../../../config/access.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/dates.ts';
import { DAY_FORMS } from '../plan-format.ts';

/** Days before the end when the banner starts reminding. */
export const REMIND_DAYS = 3;

export type PlanBannerState = {
  type: 'info' | 'warning' | 'error';
  title: string;
};

/** What the banner says for the company's paid-until at `now`; null when there is nothing to say. */
export function planBannerState(
  company: Pick<Company, 'paidUntil' | 'isTrial'>,
  now: Date,
): PlanBannerState | null {
  const status = planStatusAt(company.paidUntil, now);
  const period = company.isTrial ? 'Пробный период' : 'Оплаченный период';
  if (status.state === 'EXPIRED') {
    return {
      type: 'error',
      title: `${period} закончился: данные доступны только для просмотра, изменения и новые отметки недоступны. Оплатите тариф, чтобы продолжить работу.`,
    };
  }
  if (status.state === 'GRACE') {
    return {
      type: 'warning',
      title: `${period} закончился ${formatDate(company.paidUntil)}. До ${formatDate(status.graceUntil)} всё работает как прежде, потом изменения станут недоступны.`,
    };
  }
  if (status.daysLeft !== null && status.daysLeft <= REMIND_DAYS) {
    return {
      type: 'info',
      title:
        status.daysLeft === 0
          ? `${period} заканчивается сегодня.`
          : `${period} заканчивается через ${formatCount(status.daysLeft, DAY_FORMS)}.`,
    };
  }
  return null;
}

/**
 * A banner above every page of a company whose plan is ending, in its grace days or expired,
 * with the way to the plan page for those who may open it (config/access.ts: the ADMIN).
 * Everyone in the company sees it; only the ADMIN can pay.
 */
export function PlanStatusBanner({
  company,
  role,
  now = new Date(),
}: {
  company: Company | undefined;
  role: Role | null;
  now?: Date;
}) {
  if (!company || role === null || role === Role.SUPERADMIN) return null;
  const state = planBannerState(company, now);
  if (!state) return null;
  return (
    <Alert
      type={state.type}
      banner
      showIcon
      role={state.type === 'info' ? 'status' : 'alert'}
      className="smena-app__banner"
      title={state.title}
      action={
        mayOpen(role, paths.company.plan) ? (
          <Link to={paths.company.plan}>Оплатить</Link>
        ) : undefined
      }
    />
  );
}
