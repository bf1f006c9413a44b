import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/**
 * Embedded default: each message becomes an RFC 822 `.eml` file in the outbox folder and its
 * links are logged, so a developer can follow a reset link without any mail server.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const links = message.text.match(URL_PATTERN) ?? [];
      log.info({ to: message.to, subject: message.subject, file, links }, 'mail written to outbox');
    },
    async close() {
      transport.close();
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Time-outs well inside the outbox lease, so a hung server cannot outlast a claimed row.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

/** The line under every e-mail: where to write with a question, since our sender address takes no replies. */
export const supportFooter = (supportEmail: string) => `\n\n--\nQuestions? Write to us at ${supportEmail}.`;

/** Adds the support contact under every message a mailer sends. */
export function withSupportFooter(mailer: Mailer, supportEmail: string): Mailer {
  const footer = supportFooter(supportEmail);
  return {
    send: (message) => mailer.send({ ...message, text: `${message.text.trimEnd()}${footer}` }),
    close: () => mailer.close(),
  };
}
