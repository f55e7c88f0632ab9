import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * A mail that did not go out. `permanent` means the mail server refused the recipient or the
 * message for good (a 5xx answer): trying again will not help.
 */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export const DEFAULT_MAIL_FROM = 'Installer Portal <no-reply@localhost>';

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** How long one send may take, connecting and every answer of the server included. */
  timeoutMs: number;
  isProduction: boolean;
}

/** nodemailer's codes for a server answer to the envelope or the message, as opposed to a transport failure. */
const REFUSAL_CODES = new Set(['EENVELOPE', 'EMESSAGE']);

function toMailError(error: unknown): MailError {
  const e = error as { responseCode?: number; code?: string; message?: string };
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 && REFUSAL_CODES.has(e.code ?? '');
  return new MailError(e.message ?? String(error), permanent);
}

/**
 * Sends over SMTP when SMTP_URL is set. Without it the mail goes to an outbox: one JSON file per
 * message under DATA_DIR/outbox, so sign-in works on a laptop with no mail server. The log names the
 * file and the recipient, never the contents: sign-in codes and links are secrets.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.isProduction && options.from === DEFAULT_MAIL_FROM) {
    options.log.warn(`MAIL_FROM is left at ${DEFAULT_MAIL_FROM}: many mail servers refuse or bin mail from it. Set MAIL_FROM to an address of your domain.`);
  }
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    });
    return {
      async send(mail) {
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new MailError(`The mail server did not finish within ${options.timeoutMs} ms`, false)), options.timeoutMs);
        });
        try {
          await Promise.race([transport.sendMail({ from: options.from, ...mail }), deadline]);
        } catch (error) {
          throw error instanceof MailError ? error : toMailError(error);
        } finally {
          clearTimeout(timer);
        }
      },
    };
  }
  if (options.isProduction) {
    options.log.warn(`SMTP_URL is not set: mails are written to ${options.outboxDir} and reach nobody. Set SMTP_URL to send them.`);
  }
  return {
    async send(mail) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(options.outboxDir, `${stamp}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.json`);
      // Written whole, then renamed: whoever reads the outbox never sees half a mail.
      await fs.writeFile(`${file}.partial`, JSON.stringify({ ...mail, sentAt: new Date().toISOString() }, null, 2), { mode: 0o600 });
      await fs.rename(`${file}.partial`, file);
      options.log.info({ outbox: file, to: mail.to }, `Mail to ${mail.to} written to the outbox: ${file}`);
    },
  };
}
