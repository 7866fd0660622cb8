import { describe, expect, it } from 'vitest';
import { analyticsConsent, type AnalyticsConsentInput } from './consent.ts';

const base: AnalyticsConsentInput = {
  flag: true,
  flagLoaded: true,
  isSignedIn: true,
  isImpersonating: false,
  preference: true,
  preferenceFailed: false,
};

describe('analyticsConsent', () => {
  it('records when the flag and the person allow it', () => {
    expect(analyticsConsent(base)).toBe(true);
    expect(analyticsConsent({ ...base, isSignedIn: false, preference: undefined })).toBe(true);
  });

  it('records nothing when the person opted out or the remote flag is off', () => {
    expect(analyticsConsent({ ...base, preference: false })).toBe(false);
    expect(analyticsConsent({ ...base, flag: false })).toBe(false);
    expect(analyticsConsent({ ...base, flag: false, flagLoaded: false })).toBe(false);
  });

  it('waits while the flag or the person’s choice is loading', () => {
    expect(analyticsConsent({ ...base, flagLoaded: false })).toBeUndefined();
    expect(analyticsConsent({ ...base, preference: undefined })).toBeUndefined();
  });

  it('records nothing when the choice cannot be loaded, or for a super admin inside a company', () => {
    expect(analyticsConsent({ ...base, preference: undefined, preferenceFailed: true })).toBe(
      false,
    );
    expect(analyticsConsent({ ...base, isImpersonating: true })).toBe(false);
  });
});
