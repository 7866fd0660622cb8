export const E2E_SUPERADMIN = { email: 'root@e2e.local', password: 'e2e-super-password' };
export const E2E_JWT_SECRET = 'e2e-jwt-secret-that-is-long-enough-for-hs256';
export const E2E_PASSWORD = 'e2e-password-123';

/** The month before today's in Moscow (the seeded companies' zone), `yyyy-MM`: all its dates are past. */
export function previousMonth(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - 1;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** 5/2, 09:00–18:00 with an hour's break, following the production calendar. */
export const OFFICE_WEEK = {
  type: 'FIXED',
  followsProductionCalendar: true,
  days: Array.from({ length: 7 }, (_, index) => ({
    working: index < 5,
    start: '09:00',
    end: '18:00',
    breakMinutes: 60,
  })),
};
