import { describe, expect, it } from 'vitest';
import { cityUsage, countryUsage, isCountryCodeLocked, pluralize } from './geo-format.ts';

describe('directory usage in words', () => {
  it('pluralizes in Russian', () => {
    expect(pluralize(1, ['город', 'города', 'городов'])).toBe('1 город');
    expect(pluralize(3, ['город', 'города', 'городов'])).toBe('3 города');
    expect(pluralize(11, ['город', 'города', 'городов'])).toBe('11 городов');
    expect(pluralize(21, ['город', 'города', 'городов'])).toBe('21 город');
  });

  it('says what keeps a country or a city from being deleted', () => {
    expect(countryUsage({ cityCount: 0, companyCount: 0, userCount: 0 })).toBeNull();
    expect(countryUsage({ cityCount: 18, companyCount: 1, userCount: 5 })).toBe(
      '18 городов, 1 компания, 5 пользователей',
    );
    expect(cityUsage({ branchCount: 0 })).toBeNull();
    expect(cityUsage({ branchCount: 2 })).toBe('2 филиала');
  });

  it('locks the ISO code once companies or users name the country', () => {
    expect(isCountryCodeLocked(null)).toBe(false);
    expect(isCountryCodeLocked({ companyCount: 0, userCount: 0 })).toBe(false);
    expect(isCountryCodeLocked({ companyCount: 0, userCount: 2 })).toBe(true);
  });
});
