// Outgoing email. Every message is first written to the outbox table; it is then sent through SMTP when
// SMTP_URL is set, or written to the server log otherwise so a self-hosted user can still follow a link.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.js';
import type { Clock } from './clock.js';
import { newId } from './ids.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (not stored in the outbox). */
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export class Mailer {
  private readonly transport: Transporter | undefined;
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  get mode(): 'smtp' | 'log' {
    return this.transport ? 'smtp' : 'log';
  }

  /** Stores the message and delivers it; delivery failures are recorded, never thrown at the caller. */
  async send(message: EmailMessage): Promise<string> {
    const id = newId();
    await this.db
      .insertInto('outbox_emails')
      .values({
        id,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        status: 'pending',
        error: null,
        created_at: this.clock.now().toISOString(),
        sent_at: null,
      })
      .execute();

    if (!this.transport) {
      this.log.info({ emailId: id, to: message.to, subject: message.subject }, `Email (no SMTP configured):\n${message.text}`);
      await this.mark(id, 'logged', null);
      return id;
    }
    try {
      await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments });
      await this.mark(id, 'sent', null);
    } catch (error) {
      this.log.error({ err: error, emailId: id }, 'SMTP delivery failed');
      await this.mark(id, 'failed', error instanceof Error ? error.message : String(error));
    }
    return id;
  }

  private async mark(id: string, status: 'sent' | 'logged' | 'failed', error: string | null): Promise<void> {
    await this.db
      .updateTable('outbox_emails')
      .set({ status, error, sent_at: status === 'failed' ? null : this.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
