import { describe, expect, it } from 'vitest';
import { checkCreateCurl, SECRET_PLACEHOLDER } from './curl-example.ts';

describe('curl example', () => {
  it('posts a check with the key and an idempotency key to the page origin', () => {
    const text = checkCreateCurl({
      origin: 'https://smena.example',
      secret: 'smk_abc',
      employeeId: 15,
      branchId: 3,
      date: '2026-05-04',
      timezone: 'Europe/Moscow',
      idempotencyKey: 'k-1',
    });
    expect(text).toContain("curl -X POST 'https://smena.example/api/v1/checks/create'");
    expect(text).toContain("-H 'Authorization: Bearer smk_abc'");
    expect(text).toContain("-H 'Idempotency-Key: k-1'");
    expect(text).toContain(
      `-d '{"employeeId":15,"branchId":3,"checkInDateTime":"2026-05-04T09:00:00+03:00","checkOutDateTime":"2026-05-04T18:00:00+03:00"}'`,
    );
  });

  it('keeps a placeholder readable', () => {
    const text = checkCreateCurl({
      origin: 'http://localhost:3000',
      secret: SECRET_PLACEHOLDER,
      employeeId: 1,
      branchId: 1,
      date: '2026-01-10',
      timezone: 'Asia/Yekaterinburg',
      idempotencyKey: 'x',
    });
    expect(text).toContain('Bearer <ваш ключ>');
    expect(text).toContain('2026-01-10T09:00:00+05:00');
  });
});
