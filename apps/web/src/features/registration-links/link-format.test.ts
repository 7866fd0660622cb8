import { describe, expect, it } from 'vitest';
import {
  endOfDayInZone,
  expiryLabel,
  invitationUrl,
  isUuid,
  quoted,
  scopeLabel,
  usageLabel,
} from './link-format.ts';

const ID = '3f2b8c1e-9a4d-4e7b-8c2f-1d5e6a7b8c9d';

describe('invitation links', () => {
  it('builds the URL an employee opens', () => {
    expect(invitationUrl('https://smena.example', ID)).toBe(
      `https://smena.example/register-with-link?uuid=${ID}`,
    );
    expect(invitationUrl('http://localhost:5173/', ID)).toBe(
      `http://localhost:5173/register-with-link?uuid=${ID}`,
    );
  });

  it('says how often the link was used', () => {
    expect(usageLabel({ usedCount: 2, maxUses: 10 })).toBe('использовано 2 из 10');
    expect(usageLabel({ usedCount: 0, maxUses: 1 })).toBe('использовано 0 из 1');
    expect(usageLabel({ usedCount: 7, maxUses: null })).toBe('использовано 7, без ограничений');
  });

  it('names the department and position the link assigns', () => {
    expect(scopeLabel({ departmentTitle: 'Продажи', positionTitle: 'Кассир' })).toBe(
      'Отдел «Продажи» · Должность «Кассир»',
    );
    expect(scopeLabel({ departmentTitle: null, positionTitle: 'Кассир' })).toBe(
      'Должность «Кассир»',
    );
    expect(scopeLabel({ departmentTitle: null, positionTitle: null })).toBe(
      'Без отдела и должности',
    );
  });

  it('ends «Действует до» at the end of that day in the company timezone', () => {
    expect(endOfDayInZone('2030-03-31', 'Europe/Moscow')).toBe('2030-03-31T23:59:59+03:00');
    expect(endOfDayInZone('2030-07-01', 'Asia/Novosibirsk')).toBe('2030-07-01T23:59:59+07:00');
    expect(Date.parse(endOfDayInZone('2030-03-31', 'Europe/Moscow'))).toBe(
      Date.parse('2030-03-31T20:59:59Z'),
    );
  });

  it('shows the expiry in the company timezone', () => {
    expect(expiryLabel('2030-03-31T20:59:59Z', 'Europe/Moscow')).toBe('до 2030-03-31 23:59');
    expect(expiryLabel(null, 'Europe/Moscow')).toBe('бессрочно');
  });

  it('quotes a company title unless it has quotes of its own', () => {
    expect(quoted('Ромашка')).toBe('«Ромашка»');
    expect(quoted('ООО «Ромашка»')).toBe('ООО «Ромашка»');
  });

  it('recognises invitation ids', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid('123')).toBe(false);
    expect(isUuid(null)).toBe(false);
  });
});
