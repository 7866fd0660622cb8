import { describe, expect, it } from 'vitest';
import { KIOSK_PHOTO_RETENTION_MAX_DAYS } from './kiosk-photo-settings.ts';
import {
  isJpeg,
  kioskPhotoConsentText,
  PaperKioskPhotoConsentInputSchema,
} from './kiosk-photos.ts';
import { UpdateOrganizationInputSchema } from './employees.ts';
import { formatCount, DAY_FORMS } from './words.ts';

describe('isJpeg', () => {
  it('knows a JPEG by its first bytes', () => {
    expect(isJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe(true);
    expect(isJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe(true);
  });

  it('refuses PNG, text and what is too short to tell', () => {
    expect(isJpeg(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe(false);
    expect(isJpeg(new TextEncoder().encode('<svg></svg>'))).toBe(false);
    expect(isJpeg(new Uint8Array([0xff, 0xd8, 0xff]))).toBe(false);
    expect(isJpeg(new Uint8Array())).toBe(false);
  });
});

describe('kioskPhotoConsentText', () => {
  it('names the company, the retention in the right word form and the limit', () => {
    const text = kioskPhotoConsentText({ companyTitle: 'ООО «Ромашка»', retentionDays: 21 });
    expect(text).toContain('работодателю — ООО «Ромашка» — на обработку');
    expect(text).toContain('хранится 21 день');
    expect(text).toContain(`не больше ${KIOSK_PHOTO_RETENTION_MAX_DAYS} дней`);
    expect(kioskPhotoConsentText({ companyTitle: 'А', retentionDays: 3 })).toContain('3 дня');
    expect(kioskPhotoConsentText({ companyTitle: 'А', retentionDays: 30 })).toContain('30 дней');
  });

  it('says what the employee needs to decide: purpose, no matching, who sees, withdrawal', () => {
    const paragraphs = kioskPhotoConsentText({ companyTitle: 'А', retentionDays: 30 }).split(
      '\n\n',
    );
    expect(paragraphs.length).toBeGreaterThanOrEqual(5);
    const text = paragraphs.join(' ');
    expect(text).toContain('биометрических');
    expect(text).toContain('не сравниваются и не распознаются');
    expect(text).toContain('Отозвать');
    expect(text).toContain('сразу удаляются');
  });
});

describe('the setting and the paper consent', () => {
  it('takes a retention of 1 to 90 whole days', () => {
    const days = (value: unknown) =>
      UpdateOrganizationInputSchema.safeParse({ kioskPhotoRetentionDays: value }).success;
    expect([1, 30, 90].map(days)).toEqual([true, true, true]);
    expect([0, 91, 7.5, '30'].map(days)).toEqual([false, false, false, false]);
  });

  it('needs a real date and a number for a paper consent', () => {
    expect(
      PaperKioskPhotoConsentInputSchema.safeParse({
        documentDate: '2026-03-02',
        documentNumber: ' 17/К ',
      }).data,
    ).toEqual({ documentDate: '2026-03-02', documentNumber: '17/К' });
    const refused = PaperKioskPhotoConsentInputSchema.safeParse({
      documentDate: '2026-02-30',
      documentNumber: '',
    });
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'documentDate',
      'documentNumber',
    ]);
  });
});

describe('formatCount', () => {
  it('puts the word in the form the number needs', () => {
    expect([1, 2, 5, 11, 21, 22, 25, 101].map((n) => formatCount(n, DAY_FORMS))).toEqual([
      '1 день',
      '2 дня',
      '5 дней',
      '11 дней',
      '21 день',
      '22 дня',
      '25 дней',
      '101 день',
    ]);
  });
});
