export const E2E_SUPERADMIN = { email: 'root@e2e.local', password: 'e2e-super-password' };
export const E2E_JWT_SECRET = 'e2e-jwt-secret-that-is-long-enough-for-hs256';
export const E2E_PASSWORD = 'e2e-password-123';
