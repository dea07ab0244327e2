// The backend of the storage benchmark: serves bench/storage/project and prints its URL and service key.
import { serveBenchBackend } from '../lib/bench-backend.ts';

await serveBenchBackend('storage', new URL('./project', import.meta.url), ({ deps }) => ({
  serviceKey: deps.keys.serviceRoleKey,
}));
