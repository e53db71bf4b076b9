import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { encodeHeaderValue } from './mime-header';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerLogger {
  info(object: Record<string, unknown>, message: string): void;
}

/**
 * SMTP when configured; otherwise every message is written to `outboxDir` as an .eml file and logged, so a
 * local installation without mail can still reset passwords and invite users.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: MailerLogger;
}): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    // nodemailer (35 modules) is loaded with the first mail rather than when the server starts.
    let transport: Promise<Transporter> | undefined;
    return {
      async send(message) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
        await (await transport).sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(message) {
      mkdirSync(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-zA-Z0-9@.-]/g, '_')}.eml`,
      );
      const body = [
        `From: ${options.from}`,
        `To: ${message.to}`,
        `Subject: ${encodeHeaderValue(message.subject)}`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        message.text,
      ].join('\r\n');
      writeFileSync(file, body);
      options.logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}
