import { appendFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';

/** Sends text messages. Providers are chosen by SMS_PROVIDER. */
export type SmsProvider = {
  send(phone: string, text: string): Promise<void>;
};

/**
 * Development stand-in: prints the message to the log instead of sending it. A production
 * server never writes a phone or a code to its log, so there it only warns that the message
 * went nowhere (connect a gateway through the outbox instead).
 */
export function createConsoleSmsProvider(
  logger: FastifyBaseLogger,
  options: { production: boolean },
): SmsProvider {
  return {
    async send(phone, text) {
      if (options.production) {
        logger.warn(
          { sms: { provider: 'console' } },
          'SMS not delivered: SMS_PROVIDER=console sends nothing in production (use SMS_PROVIDER=outbox)',
        );
        return;
      }
      logger.info({ sms: { provider: 'console' } }, `SMS to ${phone}: ${text}`);
    },
  };
}

/**
 * Appends each message as one JSON line (`{"at","phone","text"}`) to a file readable only by the
 * server's user, for an SMS gateway to pick up (and for the end-to-end tests to read the codes).
 */
export function createOutboxSmsProvider(file: string): SmsProvider {
  return {
    async send(phone, text) {
      const line = JSON.stringify({ at: new Date().toISOString(), phone, text });
      await appendFile(file, `${line}\n`, { mode: 0o600 });
    },
  };
}
