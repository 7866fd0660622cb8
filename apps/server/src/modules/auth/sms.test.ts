import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createConsoleSmsProvider, createOutboxSmsProvider } from './sms.ts';

function capturingLogger() {
  const lines: string[] = [];
  const write = (...args: unknown[]) => void lines.push(JSON.stringify(args));
  const logger = { info: write, warn: write } as unknown as FastifyBaseLogger;
  return { logger, lines };
}

describe('SMS providers', () => {
  it('console: prints the message outside production', async () => {
    const { logger, lines } = capturingLogger();
    await createConsoleSmsProvider(logger, { production: false }).send(
      '+79990001122',
      'Код: 123456',
    );
    expect(lines.join()).toContain('Код: 123456');
  });

  it('console: in production logs neither the phone nor the code', async () => {
    const { logger, lines } = capturingLogger();
    await createConsoleSmsProvider(logger, { production: true }).send(
      '+79990001122',
      'Код: 123456',
    );
    expect(lines).toHaveLength(1);
    expect(lines.join()).not.toContain('123456');
    expect(lines.join()).not.toContain('9990001122');
  });

  it('outbox: appends one JSON line per message, readable by the owner only', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'smena-sms-')), 'outbox.jsonl');
    const outbox = createOutboxSmsProvider(file);
    await outbox.send('+79990001122', 'первое');
    await outbox.send('+79990003344', 'второе');
    const messages = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { phone: string; text: string });
    expect(messages.map(({ phone, text }) => ({ phone, text }))).toEqual([
      { phone: '+79990001122', text: 'первое' },
      { phone: '+79990003344', text: 'второе' },
    ]);
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});
