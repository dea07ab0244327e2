// Configuration of the edge functions: the `[functions.<name>]` sections of config.toml, as the Supabase CLI reads
// them, and the runtime's limits, which Supabase fixes per plan and the backend takes from the environment.
import path from 'node:path';
import { z } from 'zod';

/** Function names as the Supabase CLI accepts them (a slug: no dots, slashes or encoded characters). */
export const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

const functionSchema = z.object({
  enabled: z.boolean().default(true),
  verify_jwt: z.boolean().default(true),
  /** Relative to the project folder, as the CLI resolves it. */
  entrypoint: z.string().optional(),
  import_map: z.string().optional(),
  static_files: z.array(z.string()).default([]),
});

export const functionsTomlSchema = z
  .record(z.string(), functionSchema)
  .superRefine((functions, context) => {
    for (const name of Object.keys(functions)) {
      if (!FUNCTION_NAME.test(name)) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `invalid function name: must match ${FUNCTION_NAME}`,
        });
      }
    }
  })
  .default({});

export type FunctionToml = z.infer<typeof functionSchema>;

const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);

/** Environment variables of the runtime; the defaults are the limits of a hosted Supabase project. */
export const functionsEnvSchema = z.object({
  /** How long a function may take to answer, and to stream its answer (seconds). */
  FUNCTIONS_WALL_CLOCK_LIMIT: seconds(150),
  /** How long a function may hold the CPU without yielding (milliseconds). */
  FUNCTIONS_CPU_TIME_LIMIT_MS: z.coerce.number().int().min(200).default(2000),
  /** The JavaScript heap of a function's process (MiB); its whole memory may be twice that. */
  FUNCTIONS_MEMORY_LIMIT_MB: z.coerce.number().int().min(32).default(256),
  /** The largest request body a function accepts (bytes). */
  FUNCTIONS_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** A process that has served no request for this long is stopped; the next request starts it again (seconds). */
  FUNCTIONS_IDLE_TIMEOUT: seconds(300),
  /** Secrets for the functions, instead of supabase/functions/.env (as `supabase functions serve --env-file`). */
  FUNCTIONS_ENV_FILE: z.string().optional(),
});

export interface FunctionsLimits {
  wallClockMs: number;
  cpuTimeMs: number;
  memoryMb: number;
  maxBodyBytes: number;
  idleMs: number;
}

export interface FunctionsConfig {
  /** supabase/functions */
  dir: string;
  /** The folder whose package.json and node_modules resolve `npm:` imports: the project folder's parent. */
  projectRoot: string;
  supabaseDir: string;
  sections: Record<string, FunctionToml>;
  /** Secrets file: --env-file / FUNCTIONS_ENV_FILE, else supabase/functions/.env when it exists. */
  envFile: string;
  limits: FunctionsLimits;
}

export function functionsConfig(
  env: z.infer<typeof functionsEnvSchema>,
  supabaseDir: string,
  sections: Record<string, FunctionToml>,
): FunctionsConfig {
  const dir = path.join(supabaseDir, 'functions');
  return {
    dir,
    projectRoot: path.dirname(supabaseDir),
    supabaseDir,
    sections,
    envFile: env.FUNCTIONS_ENV_FILE ? path.resolve(env.FUNCTIONS_ENV_FILE) : path.join(dir, '.env'),
    limits: {
      wallClockMs: env.FUNCTIONS_WALL_CLOCK_LIMIT * 1000,
      cpuTimeMs: env.FUNCTIONS_CPU_TIME_LIMIT_MS,
      memoryMb: env.FUNCTIONS_MEMORY_LIMIT_MB,
      maxBodyBytes: env.FUNCTIONS_MAX_BODY_BYTES,
      idleMs: env.FUNCTIONS_IDLE_TIMEOUT * 1000,
    },
  };
}

/** `--env-file <path>` or `--env-file=<path>` on the backend's command line, as `supabase functions serve` takes it. */
export function envFileArgument(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--env-file') return argv[i + 1];
    if (argv[i].startsWith('--env-file=')) return argv[i].slice('--env-file='.length);
  }
  return undefined;
}
