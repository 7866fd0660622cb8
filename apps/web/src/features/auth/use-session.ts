import {
  Role,
  isAdminOrManager,
  type Company,
  type Profile,
  type ProfileEmployee,
} from '@smena/contract';
import { useSyncExternalStore } from 'react';
import { getTokenSnapshot, subscribeTokens, type TokenSnapshot } from '../../lib/token-storage.ts';
import { useCurrentCompany } from './api/get-current-company.ts';
import { useCurrentEmployee } from './api/get-current-employee.ts';
import { useCurrentProfile } from './api/get-current-profile.ts';

export function useTokens(): TokenSnapshot {
  return useSyncExternalStore(subscribeTokens, getTokenSnapshot);
}

export type Session = {
  isLoggedIn: boolean;
  profile: Profile | undefined;
  employee: ProfileEmployee | undefined;
  company: Company | undefined;
  role: Role | null;
  isSuperAdmin: boolean;
  isAdmin: boolean;
  isAdminOrManager: boolean;
  /** A super admin is acting inside a company; their own tokens are saved under `super`. */
  isImpersonating: boolean;
  isLoading: boolean;
};

/** The session for components: tokens from storage, user data from the API. */
export function useSession(): Session {
  const tokens = useTokens();
  const isLoggedIn = Boolean(tokens.accessToken);
  const profile = useCurrentProfile(isLoggedIn);
  const employee = useCurrentEmployee(isLoggedIn);
  const role = employee.data?.role ?? null;
  const company = useCurrentCompany(isLoggedIn && role !== null && role !== Role.SUPERADMIN);

  return {
    isLoggedIn,
    profile: profile.data,
    employee: employee.data,
    company: company.data,
    role,
    isSuperAdmin: role === Role.SUPERADMIN,
    isAdmin: role === Role.ADMIN,
    isAdminOrManager: isAdminOrManager(role),
    isImpersonating: isLoggedIn && tokens.superAdminTokens !== null,
    isLoading: isLoggedIn && (profile.isPending || employee.isPending),
  };
}

/** «Фамилия Имя» (or the email when the name is empty). */
export function displayName(
  profile: Pick<Profile, 'firstName' | 'lastName' | 'email'> | undefined,
): string {
  if (!profile) return '';
  const name = [profile.lastName, profile.firstName].filter(Boolean).join(' ').trim();
  return name || profile.email;
}

/** Up to two letters for the avatar. */
export function initials(
  profile: Pick<Profile, 'firstName' | 'lastName' | 'email'> | undefined,
): string {
  if (!profile) return '';
  const letters = `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.trim();
  return (letters || profile.email.charAt(0)).toUpperCase();
}
