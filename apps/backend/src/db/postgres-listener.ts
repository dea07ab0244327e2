// LISTEN on a connection of its own that outlives the server restarting: the connection's errors are handled (an
// unhandled 'error' event would end the process), and a lost connection is opened again, with a short backoff,
// until the server answers; then LISTEN is issued again.
import pg from 'pg';
import { quoteIdent } from './quote.ts';

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 1000;

export interface Listener {
  stop(): Promise<void>;
}

/**
 * Listens on `channel` with its own client. After a reconnection `onNotify('')` is called once: notifications sent
 * while the connection was down are lost, and an empty payload asks the listener to refresh (as PostgREST reloads
 * its schema cache when its connection recovers).
 */
export async function listenResiliently(
  options: pg.ClientConfig,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<Listener> {
  const quoted = quoteIdent(channel);
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client(options);
    // Errors while connecting reject connect(); errors afterwards arrive here and lead to a reconnection.
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen ${quoted}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  }

  function lost(which: pg.Client): void {
    if (client !== which || stopped) return;
    client = undefined;
    which.end().catch(() => {});
    schedule();
  }

  function schedule(): void {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        () => {
          retryMs = FIRST_RETRY_MS;
          onNotify('');
        },
        () => {
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
          schedule();
        },
      );
    }, retryMs);
    timer.unref();
  }

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
