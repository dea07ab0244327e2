// The backend of the storage benchmark: serves bench/storage/project and prints its URL and service key. On PGlite,
// or on the PostgreSQL database BENCH_DATABASE_URL names.
import { serveBenchBackend } from '../lib/bench-backend.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
await serveBenchBackend(
  'storage',
  new URL('./project', import.meta.url),
  ({ deps }) => ({ serviceKey: deps.keys.serviceRoleKey }),
  databaseUrl ? { DATABASE_URL: databaseUrl } : {},
);
