export const TEST_SUPERADMIN = { email: 'super@test.local', password: 'super-password-1' };
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const DEFAULT_PASSWORD = 'correct-horse-battery';
