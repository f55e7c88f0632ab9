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
 * Without SMTP the mail goes to an outbox: one JSON file per message under DATA_DIR/outbox and a
 * line in the server log, so sign-in works on a laptop with no mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(options.outboxDir, `${stamp}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.json`);
      // Written whole, then renamed: whoever reads the outbox never sees half a mail.
      await fs.writeFile(`${file}.partial`, JSON.stringify({ ...mail, sentAt: new Date().toISOString() }, null, 2));
      await fs.rename(`${file}.partial`, file);
      options.log.info({ outbox: file, to: mail.to }, `Outbox mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}
