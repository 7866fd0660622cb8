import { describe, expect, it } from 'vitest';
import {
  MAX_EVENT_AGE_MS,
  MAX_EVENT_LEAD_MS,
  clampOccurredAt,
  normalizeRoute,
  pickProps,
} from './analytics-sanitizer.ts';

describe('normalizeRoute', () => {
  it('replaces segments of digits and UUIDs with :id', () => {
    expect(normalizeRoute('/company/employees/42')).toBe('/company/employees/:id');
    expect(normalizeRoute('/join/3f2b8c1e-9a4d-4c2b-8e1f-0a1b2c3d4e5f/step')).toBe(
      '/join/:id/step',
    );
    expect(normalizeRoute('/company/employees/:id')).toBe('/company/employees/:id');
    expect(normalizeRoute('/reports/t13')).toBe('/reports/t13');
    expect(normalizeRoute('/')).toBe('/');
  });
});

describe('pickProps', () => {
  it('keeps only the allowed keys', () => {
    expect(
      pickProps({
        report: 't13',
        format: 'xlsx',
        email: 'ivan@example.ru',
        phone: '+79991234567',
        name: 'Иван',
        lat: 55.75,
      }),
    ).toEqual({ report: 't13', format: 'xlsx' });
  });

  it('drops values that look like an email, a phone number or a token under allowed keys', () => {
    expect(
      pickProps({
        source: 'ivan@example.ru',
        kind: '+7 (999) 123-45-67',
        result: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
        plan: 'Стандарт',
        format: 3,
        report: true,
      }),
    ).toEqual({ plan: 'Стандарт', format: 3, report: true });
  });

  it('answers an empty object without props', () => {
    expect(pickProps(undefined)).toEqual({});
  });
});

describe('clampOccurredAt', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');

  it('keeps a plausible time', () => {
    expect(clampOccurredAt('2026-03-10T14:59:00+03:00', now).toISOString()).toBe(
      '2026-03-10T11:59:00.000Z',
    );
  });

  it('moves a time older than 7 days up and a future one back to 5 minutes ahead', () => {
    expect(clampOccurredAt('2020-01-01T00:00:00Z', now).getTime()).toBe(now - MAX_EVENT_AGE_MS);
    expect(clampOccurredAt('2030-01-01T00:00:00Z', now).getTime()).toBe(now + MAX_EVENT_LEAD_MS);
  });
});
