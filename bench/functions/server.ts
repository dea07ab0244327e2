// The backend of the functions benchmark: serves bench/functions/project and prints its URL and anon key.
import { serveBenchBackend } from '../lib/bench-backend.ts';

await serveBenchBackend('functions', new URL('./project', import.meta.url), ({ deps }) => ({
  anonKey: deps.keys.anonKey,
}));
