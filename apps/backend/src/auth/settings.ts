// The auth service's view of the configuration: config.toml's [auth] section turned into the switches GoTrue reads.
import type { Config, PasswordRequirements } from '../config.ts';
import { loadCustomTemplates, type CustomTemplate } from './emails/custom-templates.ts';
import type { AuthEmailKind } from './emails/templates.ts';
import { parseHookUri } from './hooks/uri.ts';
import {
  mfaSettings,
  oauthServerSettings,
  passkeySettings,
  relyingParty,
  type MfaSettings,
  type OAuthServerSettings,
  type PasskeySettings,
  type RelyingParty,
} from './mfa/settings.ts';

export interface AuthSettings {
  /** `iss` of access tokens, and the base of links in e-mails. */
  externalUrl: string;
  siteUrl: string;
  redirectAllowList: string[];
  jwtExpirySeconds: number;
  signupDisabled: boolean;
  /** [auth] enable_anonymous_sign_ins: POST /signup without e-mail or phone creates an anonymous user. */
  anonymousSignInsEnabled: boolean;
  /** [auth] enable_manual_linking: users add and remove identities themselves (/user/identities). */
  manualLinkingEnabled: boolean;
  /** [auth.email] enable_signup: new accounts by e-mail are allowed. */
  emailSignupEnabled: boolean;
  /** Confirmations off: new e-mail accounts are confirmed at once (GoTrue's MAILER_AUTOCONFIRM). */
  mailerAutoconfirm: boolean;
  /** [auth.sms] enable_confirmations off: phone accounts and number changes are confirmed at once. */
  phoneAutoconfirm: boolean;
  /** The text of a code sent by SMS; `{{ .Code }}` stands for the code. */
  smsTemplate: string;
  smsMaxFrequencyMs: number;
  /** How long an SMS code stays valid (GoTrue's default: one minute). */
  smsOtpExpirySeconds: number;
  /** double_confirm_changes: an e-mail change is confirmed from the old and the new address. */
  secureEmailChange: boolean;
  /** secure_password_change: a password change needs a recent sign-in or a reauthentication code. */
  passwordChangeNeedsReauthentication: boolean;
  refreshTokenRotation: boolean;
  refreshTokenReuseIntervalSeconds: number;
  minimumPasswordLength: number;
  requiredCharacterSets: string[];
  /** [auth] password_hibp_enabled: passwords on the list of the most common ones are refused as "pwned". */
  rejectCommonPasswords: boolean;
  otpLength: number;
  otpExpirySeconds: number;
  /** Smallest time between two e-mails of one kind to one user. */
  mailMaxFrequencyMs: number;
  /** How long a PKCE flow may take from its start to the code exchange (GoTrue's default). */
  flowStateExpirySeconds: number;
  /** [auth.email.template.<kind>] overrides of the built-in e-mails. */
  emailTemplates: Partial<Record<AuthEmailKind, CustomTemplate>>;
  /** [auth.hook.before_user_created] when enabled: the Postgres function asked before every new account. */
  beforeUserCreatedHook?: HookFunctionSettings;
  /** [auth.hook.custom_access_token] when enabled: the Postgres function that may change every access token's claims. */
  customAccessTokenHook?: HookFunctionSettings;
  /** [auth.external.<provider>] as configured, enabled or not (settings reports every one). */
  externalProviders: Record<string, ExternalProviderSettings>;
  /** [auth.web3.<chain>] enabled: wallets of that chain sign in with a signed message. */
  web3Chains: { ethereum: boolean; solana: boolean };
  /** How far from now a signed sign-in message's issue time may lie (GoTrue's default: 10 minutes). */
  web3MessageValidityMs: number;
  mfa: MfaSettings;
  passkey: PasskeySettings;
  relyingParty: RelyingParty;
  oauthServer: OAuthServerSettings;
}

export interface ExternalProviderSettings {
  enabled: boolean;
  /** The audiences an ID token may be issued for. */
  clientIds: string[];
  url: string;
  skipNonceCheck: boolean;
  /** The provider may sign people in without telling their e-mail address. */
  emailOptional: boolean;
  /** The client secret, for exchanging an authorization code (the redirect flow). */
  secret: string;
  /** Where the provider returns the browser; empty means this server's /callback. */
  redirectUri: string;
}

function externalProviderSettings(config: Config): Record<string, ExternalProviderSettings> {
  return Object.fromEntries(
    Object.entries(config.project.auth.external).map(([name, provider]) => [
      name,
      {
        enabled: provider.enabled,
        clientIds: provider.client_id
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
        url: provider.url,
        skipNonceCheck: provider.skip_nonce_check,
        emailOptional: provider.email_optional,
        secret: provider.secret,
        redirectUri: provider.redirect_uri,
      },
    ]),
  );
}

export interface HookFunctionSettings {
  /** As configured; GoTrue names it in the error when the function fails. */
  uri: string;
  schema: string;
  name: string;
}

function enabledHook(hook: { enabled: boolean; uri: string }): HookFunctionSettings | undefined {
  if (!hook.enabled) return undefined;
  const parsed = parseHookUri(hook.uri);
  // The configuration was checked when loaded; a test may still hand over an unchecked copy.
  if ('problem' in parsed) throw new Error(`auth.hook uri ${hook.uri}: ${parsed.problem}`);
  return { uri: hook.uri, ...parsed };
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** The character sets each password_requirements value demands, as the Supabase CLI passes them to GoTrue. */
export function requiredCharacterSets(requirement: PasswordRequirements): string[] {
  switch (requirement) {
    case 'letters_digits':
      return [LOWER + UPPER, DIGITS];
    case 'lower_upper_letters_digits':
      return [LOWER, UPPER, DIGITS];
    case 'lower_upper_letters_digits_symbols':
      return [LOWER, UPPER, DIGITS, SYMBOLS];
    default:
      return [];
  }
}

/** Go-style durations as config.toml writes them: "1s", "60s", "1m30s", "500ms". */
export function parseDurationMs(text: string): number {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let matched = '';
  for (const part of text.trim().matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(part[1]) * units[part[2]];
    matched += part[0];
  }
  if (matched !== text.trim()) throw new Error(`invalid duration "${text}"`);
  return total;
}

export function authSettings(config: Config): AuthSettings {
  const auth = config.project.auth;
  return {
    externalUrl: `${config.apiExternalUrl}/auth/v1`,
    siteUrl: auth.site_url,
    redirectAllowList: auth.additional_redirect_urls,
    jwtExpirySeconds: auth.jwt_expiry,
    signupDisabled: !auth.enable_signup,
    anonymousSignInsEnabled: auth.enable_anonymous_sign_ins,
    emailSignupEnabled: auth.email.enable_signup,
    manualLinkingEnabled: auth.enable_manual_linking,
    mailerAutoconfirm: !auth.email.enable_confirmations,
    phoneAutoconfirm: !auth.sms.enable_confirmations,
    smsTemplate: auth.sms.template,
    smsMaxFrequencyMs: parseDurationMs(auth.sms.max_frequency),
    smsOtpExpirySeconds: 60,
    secureEmailChange: auth.email.double_confirm_changes,
    passwordChangeNeedsReauthentication: auth.email.secure_password_change,
    refreshTokenRotation: auth.enable_refresh_token_rotation,
    refreshTokenReuseIntervalSeconds: auth.refresh_token_reuse_interval,
    minimumPasswordLength: auth.minimum_password_length,
    requiredCharacterSets: requiredCharacterSets(auth.password_requirements),
    rejectCommonPasswords: auth.password_hibp_enabled,
    otpLength: auth.email.otp_length,
    otpExpirySeconds: auth.email.otp_expiry,
    mailMaxFrequencyMs: parseDurationMs(auth.email.max_frequency),
    flowStateExpirySeconds: 300,
    emailTemplates: loadCustomTemplates(config),
    beforeUserCreatedHook: enabledHook(auth.hook.before_user_created),
    customAccessTokenHook: enabledHook(auth.hook.custom_access_token),
    externalProviders: externalProviderSettings(config),
    web3Chains: { ethereum: auth.web3.ethereum.enabled, solana: auth.web3.solana.enabled },
    web3MessageValidityMs: 600_000,
    mfa: mfaSettings(config, parseDurationMs),
    passkey: passkeySettings(config),
    relyingParty: relyingParty(config),
    oauthServer: oauthServerSettings(config),
  };
}
