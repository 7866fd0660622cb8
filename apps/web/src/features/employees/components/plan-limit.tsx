import { ErrorCode } from '@smena/contract';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { isApiError } from '../../../lib/api-error.ts';

export const PLAN_LIMIT_MESSAGE = 'Достигнут лимит пользователей тарифа';

/** 409 PLAN_LIMIT_REACHED: the plan has no room for one more employee. */
export function isPlanLimitError(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCode.PLAN_LIMIT_REACHED;
}

/** The limit message with the way out: «Тариф и оплата». */
export function PlanLimitAlert({ message }: { message?: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={message || PLAN_LIMIT_MESSAGE}
      description={
        <>
          Увеличьте число пользователей в разделе{' '}
          <Link to={paths.company.plan}>«{titles.company.plan}»</Link> или оформите увольнение тех,
          кто больше не работает.
        </>
      }
      style={{ marginBottom: 20 }}
    />
  );
}
