// Outgoing e-mail. With SMTP configured in config.toml, mail goes out through nodemailer; otherwise (the embedded
// default) every message is kept in the database's mailbox and shown on the server's /mailbox page.
import nodemailer from 'nodemailer';
import type { ProjectConfig } from '../config.ts';
import type { Db, Queryable } from '../db/types.ts';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** confirmation, magiclink, recovery, invite, email_change, reauthentication */
  kind: string;
}

export interface SendOptions {
  /** The transaction that wrote the tokens the message carries: the mailbox stores the message in it too. */
  db?: Queryable;
}

export interface Mailer {
  readonly usesMailbox: boolean;
  send(message: MailMessage, options?: SendOptions): Promise<void>;
}

export function createMailbox(db: Db): Mailer {
  return {
    usesMailbox: true,
    async send(message, options = {}) {
      await (options.db ?? db).query(
        'insert into _backend.mailbox (to_address, subject, html, text_body, kind) values ($1, $2, $3, $4, $5)',
        [message.to, message.subject, message.html, message.text, message.kind],
      );
    },
  };
}

export function createSmtpMailer(smtp: NonNullable<ProjectConfig['auth']['email']['smtp']>): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
  });
  return {
    usesMailbox: false,
    async send(message) {
      await transport.sendMail({
        from: { name: smtp.sender_name, address: smtp.admin_email },
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
    },
  };
}

export function createMailer(project: ProjectConfig, db: Db): Mailer {
  const smtp = project.auth.email.smtp;
  return smtp?.enabled ? createSmtpMailer(smtp) : createMailbox(db);
}
