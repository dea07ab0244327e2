// Outgoing SMS. No SMS provider is built in: in the embedded default every text message is kept in the mailbox
// (kind "sms", addressed to the number in E.164 with its plus sign), where people and tests read the codes.
import type { Queryable } from '../db/types.ts';
import { escapeHtml } from '../http/html.ts';

export interface SmsMessage {
  /** E.164 without the plus sign, as auth.users stores numbers. */
  phone: string;
  text: string;
}

/** Stores the message in the caller's transaction; returns its id, which the API reports as message_id. */
export async function sendSms(q: Queryable, message: SmsMessage): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `insert into _backend.mailbox (to_address, subject, html, text_body, kind) values ($1, $2, $3, $4, 'sms')
     returning id::text as id`,
    [`+${message.phone}`, 'SMS', `<p>${escapeHtml(message.text)}</p>`, message.text],
  );
  return rows[0].id;
}
