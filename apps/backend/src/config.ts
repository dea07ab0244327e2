// Server configuration: the environment plus the Supabase project folder's config.toml, parsed and validated once.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import { parseHookUri } from './auth/hooks/uri.ts';
import { envReference, unreadKeys, unsetEnvReferences, valueAt } from './config-keys.ts';
import { compileTrustedProxies } from './http/visitor.ts';
import { realtimeTomlSchema } from './realtime/config.ts';
import { storageConfig, storageEnvSchema, storageTomlSchema, type StorageConfig } from './storage/config.ts';
import { functionsConfig, functionsEnvSchema, functionsTomlSchema, type FunctionsConfig } from './functions/config.ts';

const passwordRequirements = z.enum([
  '',
  'letters_digits',
  'lower_upper_letters_digits',
  'lower_upper_letters_digits_symbols',
]);

/** config.toml as the Supabase CLI reads it; absent keys take the CLI's defaults. */
const apiSchema = z.object({
  port: z.number().int().min(1).max(65535).default(54321),
  schemas: z.array(z.string()).default(['public', 'graphql_public']),
  extra_search_path: z.array(z.string()).default(['public', 'extensions']),
  max_rows: z.number().int().positive().default(1000),
});

const emailSchema = z.object({
  enable_signup: z.boolean().default(true),
  enable_confirmations: z.boolean().default(false),
  double_confirm_changes: z.boolean().default(true),
  secure_password_change: z.boolean().default(false),
  max_frequency: z.string().default('60s'),
  otp_length: z.number().int().min(6).max(10).default(6),
  otp_expiry: z.number().int().positive().default(3600),
  /** [auth.email.template.<kind>]: subject and an HTML file (relative to the project folder), as the CLI reads them. */
  template: z
    .record(z.string(), z.object({ subject: z.string().optional(), content_path: z.string().optional() }))
    .default({}),
  smtp: z
    .object({
      enabled: z.boolean().default(true),
      host: z.string(),
      port: z.number().int().default(587),
      user: z.string().optional(),
      pass: z.string().optional(),
      admin_email: z.string().default('admin@example.com'),
      sender_name: z.string().default('Teamplan'),
    })
    .optional(),
});

/** [auth.sms]: codes by SMS; without a provider they are kept in the mailbox of the embedded default. */
const smsSchema = z.object({
  enable_confirmations: z.boolean().default(false),
  template: z.string().default('Your code is {{ .Code }}'),
  max_frequency: z.string().default('60s'),
});

/** [auth.rate_limit], per IP address and 5 minutes unless noted; GoTrue's defaults. */
const rateLimitSchema = z.object({
  /** E-mails sent per hour by the whole project; applies only with SMTP (the local mailbox is not limited). */
  email_sent: z.number().int().min(0).default(2),
  sms_sent: z.number().int().min(0).default(30),
  /** Anonymous sign-ins per hour. */
  anonymous_users: z.number().int().min(0).default(30),
  token_refresh: z.number().int().min(0).default(150),
  sign_in_sign_ups: z.number().int().min(0).default(30),
  token_verifications: z.number().int().min(0).default(30),
  web3: z.number().int().min(0).default(30),
});

/** [auth.hook.<name>]: checked as the Supabase CLI and GoTrue check it, but only when enabled (as the CLI does). */
const hookSchema = z
  .object({
    enabled: z.boolean().default(false),
    uri: z.string().default(''),
    secrets: z.string().default(''),
  })
  .superRefine((hook, context) => {
    if (!hook.enabled) return;
    if (hook.uri === '') {
      context.addIssue({ code: 'custom', path: ['uri'], message: 'required when the hook is enabled' });
      return;
    }
    const parsed = parseHookUri(hook.uri);
    if ('problem' in parsed) context.addIssue({ code: 'custom', path: ['uri'], message: parsed.problem });
    else if (hook.secrets !== '') {
      context.addIssue({ code: 'custom', path: ['secrets'], message: 'is unsupported for pg-functions URI' });
    }
  });

/**
 * The hooks GoTrue knows; before_user_created and custom_access_token are run here, so enabling another is refused,
 * not ignored.
 */
const hooksSchema = z
  .object({ before_user_created: hookSchema.prefault({}), custom_access_token: hookSchema.prefault({}) })
  .catchall(
    z
      .object({ enabled: z.boolean().default(false) })
      .refine(
        (hook) => !hook.enabled,
        'the embedded backend runs only the before_user_created and custom_access_token hooks',
      ),
  );

/** The OpenID Connect providers the embedded backend signs in with (ID tokens, and their sign-in pages). */
export const ID_TOKEN_PROVIDERS = ['apple', 'azure', 'facebook', 'google', 'kakao', 'keycloak'] as const;
/** GoTrue accepts an ID token from these without a client secret, and the Supabase CLI does not ask for one. */
const PROVIDERS_WITHOUT_SECRET = new Set(['apple', 'google']);

/** [auth.external.<provider>], with the Supabase CLI's keys and checks; client_id may list several, comma-separated. */
const externalProviderSchema = z.object({
  enabled: z.boolean().default(false),
  client_id: z.string().default(''),
  secret: z.string().default(''),
  redirect_uri: z.string().default(''),
  /** The issuer's address where the provider has none of its own (keycloak: https://host/realms/<realm>). */
  url: z.string().default(''),
  skip_nonce_check: z.boolean().default(false),
  email_optional: z.boolean().default(false),
});

const externalSchema = z.record(z.string(), externalProviderSchema).superRefine((providers, context) => {
  for (const [name, provider] of Object.entries(providers)) {
    if (!provider.enabled) continue;
    const issue = (key: string, message: string) => context.addIssue({ code: 'custom', path: [name, key], message });
    if (!(ID_TOKEN_PROVIDERS as readonly string[]).includes(name)) {
      issue(
        'enabled',
        `the embedded backend signs in with OpenID Connect providers only: ${ID_TOKEN_PROVIDERS.join(', ')}`,
      );
    }
    if (provider.client_id === '') issue('client_id', 'required when the provider is enabled');
    if (provider.secret === '' && !PROVIDERS_WITHOUT_SECRET.has(name)) {
      issue('secret', 'required when the provider is enabled');
    }
    if (name === 'keycloak' && provider.url === '') issue('url', "required: the realm's issuer URL");
  }
});

/** [auth.web3.<chain>]: sign-in with a wallet's signature over a Sign-In with Ethereum / Solana message. */
const web3ChainSchema = z.object({ enabled: z.boolean().default(false) });
const web3Schema = z.object({ ethereum: web3ChainSchema.prefault({}), solana: web3ChainSchema.prefault({}) });

/** [auth.mfa]: the second factors users may enrol and verify, with the Supabase CLI's defaults (TOTP on). */
const mfaFactorSchema = z.object({
  enroll_enabled: z.boolean().default(false),
  verify_enabled: z.boolean().default(false),
});
const mfaTotpSchema = z.object({
  enroll_enabled: z.boolean().default(true),
  verify_enabled: z.boolean().default(true),
});
const mfaPhoneSchema = mfaFactorSchema.extend({
  otp_length: z.number().int().min(6).max(10).default(6),
  template: z.string().default('Your code is {{ .Code }}'),
  max_frequency: z.string().default('5s'),
});
const mfaSchema = z.object({
  max_enrolled_factors: z.number().int().min(0).default(10),
  totp: mfaTotpSchema.prefault({}),
  phone: mfaPhoneSchema.prefault({}),
  web_authn: mfaFactorSchema.prefault({}),
});

/** [auth.passkey] and [auth.webauthn]: passkey sign-in and the relying party every WebAuthn ceremony names. */
const passkeySchema = z.object({ enabled: z.boolean().default(false) });
const webauthnSchema = z.object({
  rp_display_name: z.string().default(''),
  rp_id: z.string().default(''),
  rp_origins: z.array(z.string()).default([]),
});

/** [auth.oauth_server]: this project as an OAuth 2.1 authorization server for third-party applications. */
const oauthServerSchema = z.object({
  enabled: z.boolean().default(false),
  allow_dynamic_registration: z.boolean().default(false),
  /** The site's page (relative to site_url) where a signed-in user approves or denies an application. */
  authorization_url_path: z.string().default('/oauth/consent'),
});

const authSchema = z.object({
  site_url: z.string().default('http://127.0.0.1:3000'),
  additional_redirect_urls: z.array(z.string()).default(['https://127.0.0.1:3000']),
  jwt_expiry: z.number().int().min(30).max(604800).default(3600),
  jwt_secret: z.string().min(32).optional(),
  signing_keys_path: z.string().optional(),
  enable_signup: z.boolean().default(true),
  enable_anonymous_sign_ins: z.boolean().default(false),
  enable_manual_linking: z.boolean().default(false),
  enable_refresh_token_rotation: z.boolean().default(true),
  refresh_token_reuse_interval: z.number().int().min(0).default(10),
  minimum_password_length: z.number().int().min(6).default(6),
  password_requirements: passwordRequirements.default(''),
  /**
   * Refuse passwords known to be weak (reason "pwned"), as GoTrue does with its HaveIBeenPwned option. The Supabase
   * CLI has no key for it; the name is the platform's (Management API) setting. Off by default, as in GoTrue.
   */
  password_hibp_enabled: z.boolean().default(false),
  email: emailSchema.prefault({}),
  sms: smsSchema.prefault({}),
  rate_limit: rateLimitSchema.prefault({}),
  hook: hooksSchema.prefault({}),
  external: externalSchema.prefault({}),
  web3: web3Schema.prefault({}),
  mfa: mfaSchema.prefault({}),
  passkey: passkeySchema.prefault({}),
  webauthn: webauthnSchema.prefault({}),
  oauth_server: oauthServerSchema.prefault({}),
});

/** As the Supabase CLI checks it: passkeys need the relying party's id and origins. */
const checkedAuthSchema = authSchema.superRefine((auth, context) => {
  if (!auth.passkey.enabled) return;
  const missing = (key: string) =>
    context.addIssue({
      code: 'custom',
      path: ['webauthn', key],
      message: 'required when auth.passkey.enabled is true',
    });
  if (auth.webauthn.rp_id === '') missing('rp_id');
  if (auth.webauthn.rp_origins.length === 0) missing('rp_origins');
});

/**
 * [db.pooler] default_pool_size: the Supabase CLI's size of the connection pool in front of the database, here the
 * most connections the backend opens to a PostgreSQL server (DATABASE_URL). [db.settings]: the memory settings the
 * CLI writes into its database's postgresql.conf, applied to the embedded database at every start (a PostgreSQL
 * server keeps its own). The CLI's other [db] keys are ignored.
 */
const poolerSchema = z.object({ default_pool_size: z.number().int().min(1).max(1000).default(10) });
const memorySetting = z
  .string()
  .regex(/^[1-9]\d*(kB|MB|GB)$/, 'must be a whole amount of memory in kB, MB or GB, as Postgres writes it ("32MB")');
const dbSettingsSchema = z.object({
  shared_buffers: memorySetting.optional(),
  work_mem: memorySetting.optional(),
  maintenance_work_mem: memorySetting.optional(),
  effective_cache_size: memorySetting.optional(),
});
const dbSchema = z.object({ pooler: poolerSchema.prefault({}), settings: dbSettingsSchema.prefault({}) });

const tomlSchema = z.object({
  api: apiSchema.prefault({}),
  db: dbSchema.prefault({}),
  auth: checkedAuthSchema.prefault({}),
  functions: functionsTomlSchema,
  storage: storageTomlSchema,
  realtime: realtimeTomlSchema.prefault({}),
});

export type ProjectConfig = z.infer<typeof tomlSchema>;
export type PasswordRequirements = z.infer<typeof passwordRequirements>;

const envSchema = z
  .object({
    BACKEND_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    BACKEND_HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./.data'),
    DATABASE_URL: z.string().optional(),
    SUPABASE_DIR: z.string().default('./supabase'),
    /** The address browsers and e-mails use to reach this server. */
    API_EXTERNAL_URL: z.string().url().optional(),
    /** Overrides auth.site_url, so the web app's port can change without editing config.toml. */
    SITE_URL: z.string().url().optional(),
    /**
     * Proxies whose X-Forwarded-For names the visitor (comma-separated: loopback, linklocal, uniquelocal, addresses,
     * CIDR ranges; empty trusts none). Loopback by default: the web app's server on this machine.
     */
    BACKEND_TRUSTED_PROXIES: z.string().default('loopback'),
    /** The largest request body accepted, in bytes; larger ones are refused with 413 as they stream in. */
    BACKEND_MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    /**
     * The longest one statement may run, in milliseconds (statement_timeout on PostgreSQL; on PGlite the backend
     * stops it); 0 for none.
     */
    BACKEND_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
    /**
     * The longest a client may take to send a whole request (headers and body), in milliseconds: a client that
     * trickles its request is cut off then, so slow clients cannot hold connections for ever.
     */
    BACKEND_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  })
  .extend(functionsEnvSchema.shape)
  .extend(storageEnvSchema.shape);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  supabaseDir: string;
  apiExternalUrl: string;
  /** See BACKEND_TRUSTED_PROXIES. */
  trustedProxies: string[];
  /**
   * Resource limits (BACKEND_MAX_BODY_BYTES, BACKEND_STATEMENT_TIMEOUT_MS, BACKEND_REQUEST_TIMEOUT_MS); [api] max_rows
   * is in `project`.
   */
  limits: { maxBodyBytes: number; statementTimeoutMs: number; requestTimeoutMs: number };
  project: ProjectConfig;
  /** Keys of config.toml this backend does not implement: listed by --print-config, never silently dropped. */
  ignoredKeys: string[];
  functions: FunctionsConfig;
  /** [storage] of config.toml and the STORAGE_* environment variables. */
  storage: StorageConfig;
}

export class ConfigError extends Error {}

/**
 * Replaces the CLI's `env(NAME)` references with the named environment variable; as the CLI does, a reference
 * to a variable that is unset (or empty) stays as written, and only a key the backend uses is then refused.
 */
function substituteEnv(value: unknown, env: NodeJS.ProcessEnv): unknown {
  const name = envReference(value);
  if (name) return env[name] || value;
  if (Array.isArray(value)) return value.map((item) => substituteEnv(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substituteEnv(item, env)]));
  }
  return value;
}

/**
 * Environment overrides as the Supabase CLI reads them: SUPABASE_<SECTION>_<KEY> replaces a key of config.toml,
 * e.g. SUPABASE_AUTH_EMAIL_ENABLE_CONFIRMATIONS=true or SUPABASE_AUTH_JWT_EXPIRY=600.
 */
function applyEnvOverrides(raw: Record<string, unknown>, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const sections: Array<[string[], z.ZodObject]> = [
    [['api'], apiSchema],
    [['db', 'pooler'], poolerSchema],
    [['auth'], authSchema],
    [['auth', 'email'], emailSchema],
    [['auth', 'sms'], smsSchema],
    [['auth', 'rate_limit'], rateLimitSchema],
    [['auth', 'hook', 'before_user_created'], hookSchema],
    [['auth', 'hook', 'custom_access_token'], hookSchema],
    ...ID_TOKEN_PROVIDERS.map((name): [string[], z.ZodObject] => [['auth', 'external', name], externalProviderSchema]),
    [['auth', 'web3', 'ethereum'], web3ChainSchema],
    [['auth', 'web3', 'solana'], web3ChainSchema],
    [['auth', 'mfa'], mfaSchema],
    [['auth', 'mfa', 'totp'], mfaTotpSchema],
    [['auth', 'mfa', 'phone'], mfaPhoneSchema],
    [['auth', 'mfa', 'web_authn'], mfaFactorSchema],
    [['auth', 'passkey'], passkeySchema],
    [['auth', 'webauthn'], webauthnSchema],
    [['auth', 'oauth_server'], oauthServerSchema],
    [['realtime'], realtimeTomlSchema],
  ];
  for (const [sectionPath, schema] of sections) {
    for (const key of Object.keys(schema.shape)) {
      const name = ['SUPABASE', ...sectionPath, key].join('_').toUpperCase();
      const value = env[name];
      if (value === undefined) continue;
      let target = raw;
      for (const part of sectionPath) {
        target[part] ??= {};
        target = target[part] as Record<string, unknown>;
      }
      target[key] = coerceEnvValue(value);
    }
  }
  return raw;
}

function coerceEnvValue(value: string): unknown {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^-?\d+$/.test(value)) return Number(value);
  if (value.startsWith('[')) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

function formatIssues(error: z.ZodError, source: string, raw?: unknown): string {
  const lines = error.issues.map((issue) => {
    // A value left as `env(NAME)` fails for that reason, whatever the schema says about it.
    const name = envReference(valueAt(raw, issue.path));
    const message = name ? `refers to env(${name}), which is not set` : issue.message;
    return `  ${issue.path.join('.') || '(root)'}: ${message}`;
  });
  return `Invalid ${source}:\n${lines.join('\n')}`;
}

export function readProjectConfig(supabaseDir: string, env: NodeJS.ProcessEnv = process.env): ProjectConfig {
  return loadProject(supabaseDir, env).project;
}

/** config.toml parsed, with the keys the backend does not read. */
function loadProject(supabaseDir: string, env: NodeJS.ProcessEnv): { project: ProjectConfig; ignoredKeys: string[] } {
  const file = path.join(supabaseDir, 'config.toml');
  let raw: unknown = {};
  if (existsSync(file)) {
    try {
      raw = substituteEnv(parseToml(readFileSync(file, 'utf8')), env);
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}`);
    }
  }
  const overridden = applyEnvOverrides(raw as Record<string, unknown>, env);
  const parsed = tomlSchema.safeParse(overridden);
  if (!parsed.success) throw new ConfigError(formatIssues(parsed.error, file, overridden));
  const unset = unsetEnvReferences(parsed.data);
  if (unset.length > 0) throw new ConfigError(`Invalid ${file}:\n${unset.join('\n')}`);
  return { project: parsed.data, ignoredKeys: unreadKeys(overridden, tomlSchema) };
}

function parseTrustedProxies(value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    compileTrustedProxies(entries);
  } catch (error) {
    throw new ConfigError(`Invalid environment:\n  BACKEND_TRUSTED_PROXIES: ${(error as Error).message}`);
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsedEnv = envSchema.safeParse(env);
  if (!parsedEnv.success) throw new ConfigError(formatIssues(parsedEnv.error, 'environment'));
  const e = parsedEnv.data;
  const supabaseDir = path.resolve(e.SUPABASE_DIR);
  const { project, ignoredKeys } = loadProject(supabaseDir, env);
  if (e.SITE_URL) project.auth.site_url = e.SITE_URL;
  const port = e.BACKEND_PORT ?? project.api.port;
  return {
    port,
    host: e.BACKEND_HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    supabaseDir,
    apiExternalUrl: (e.API_EXTERNAL_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    trustedProxies: parseTrustedProxies(e.BACKEND_TRUSTED_PROXIES),
    limits: {
      maxBodyBytes: e.BACKEND_MAX_BODY_BYTES,
      statementTimeoutMs: e.BACKEND_STATEMENT_TIMEOUT_MS,
      requestTimeoutMs: e.BACKEND_REQUEST_TIMEOUT_MS,
    },
    project,
    ignoredKeys,
    functions: functionsConfig(e, supabaseDir, project.functions),
    storage: storageConfig(e, project.storage),
  };
}

/** The configuration with secrets masked, for `--print-config`. */
export function describeConfig(config: Config): Record<string, unknown> {
  const mask = (value?: string) => (value ? '********' : undefined);
  const smtp = config.project.auth.email.smtp;
  const hook = config.project.auth.hook;
  return {
    ...config,
    storage: {
      ...config.storage,
      s3: config.storage.s3 && { ...config.storage.s3, secretAccessKey: mask(config.storage.s3.secretAccessKey) },
    },
    databaseUrl: config.databaseUrl?.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:********@'),
    project: {
      ...config.project,
      auth: {
        ...config.project.auth,
        jwt_secret: mask(config.project.auth.jwt_secret),
        email: { ...config.project.auth.email, smtp: smtp && { ...smtp, pass: mask(smtp.pass) } },
        hook: {
          ...hook,
          before_user_created: { ...hook.before_user_created, secrets: mask(hook.before_user_created.secrets) },
          custom_access_token: { ...hook.custom_access_token, secrets: mask(hook.custom_access_token.secrets) },
        },
        external: Object.fromEntries(
          Object.entries(config.project.auth.external).map(([name, provider]) => [
            name,
            { ...provider, secret: mask(provider.secret) },
          ]),
        ),
      },
    },
  };
}
