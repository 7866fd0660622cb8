import type { Role } from '@smena/contract';
import { useEffect } from 'react';
import { autoRegisterPush } from './push.ts';

/**
 * After sign-in (and at every start of the app) the push token of an ADMIN or MANAGER is
 * registered, or renewed when older than 7 days or changed, when the browser already allows
 * notifications; nobody is asked without a click. Not while a super admin acts inside a company.
 */
export function usePushAutoRegistration(input: {
  role: Role | null;
  userId: number | undefined;
  isImpersonating: boolean;
}): void {
  const { role, userId, isImpersonating } = input;
  useEffect(() => {
    if (isImpersonating || userId === undefined || role === null) return;
    void autoRegisterPush({ role, userId });
  }, [role, userId, isImpersonating]);
}
