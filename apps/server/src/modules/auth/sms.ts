import type { FastifyBaseLogger } from 'fastify';

/** Sends text messages. Providers are chosen by SMS_PROVIDER; `console` is for development. */
export type SmsProvider = {
  send(phone: string, text: string): Promise<void>;
};

/**
 * Prints one log line with the phone and the message instead of sending it. This is the only
 * place where a one-time code reaches a log, and only in development.
 */
export function createConsoleSmsProvider(logger: FastifyBaseLogger): SmsProvider {
  return {
    async send(phone, text) {
      logger.info({ sms: { provider: 'console', phone } }, `SMS to ${phone}: ${text}`);
    },
  };
}
