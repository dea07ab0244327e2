// Reading the embedded mailbox (_backend.mailbox): messages newest first, optionally for one recipient.
import type { Queryable } from '../db/types.ts';

export interface StoredMessage {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  created_at: string;
}

const COLUMNS = `id::text as id, to_address as "to", subject, html, text_body as text, kind,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at`;

type Row = Omit<StoredMessage, 'id'> & { id: string };
const toMessage = (row: Row): StoredMessage => ({ ...row, id: Number(row.id) });

export async function listMessages(q: Queryable, to?: string, limit = 200): Promise<StoredMessage[]> {
  const { rows } = await q.query<Row>(
    `select ${COLUMNS} from _backend.mailbox
     where $1::text is null or lower(to_address) = lower($1::text)
     order by id desc limit $2`,
    [to || null, limit],
  );
  return rows.map(toMessage);
}

export async function findMessage(q: Queryable, id: number): Promise<StoredMessage | undefined> {
  const { rows } = await q.query<Row>(`select ${COLUMNS} from _backend.mailbox where id = $1::bigint`, [id]);
  return rows[0] && toMessage(rows[0]);
}
