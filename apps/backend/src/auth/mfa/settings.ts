// config.toml's [auth.mfa], [auth.passkey], [auth.webauthn] and [auth.oauth_server] as the auth service reads them:
// which second factors may be enrolled and verified, the phone factor's texts, the WebAuthn relying party, and this
// project as an OAuth 2.1 server.
import type { Config } from '../../config.ts';

export interface FactorSwitches {
  enroll: boolean;
  verify: boolean;
}

export interface MfaSettings {
  maxEnrolledFactors: number;
  totp: FactorSwitches;
  phone: FactorSwitches & { otpLength: number; template: string; maxFrequencyMs: number };
  webauthn: FactorSwitches;
  /** How long a challenge may be answered (GoTrue's default). */
  challengeExpirySeconds: number;
  /** An enrolment never verified is dropped after this long (GoTrue's default). */
  unverifiedFactorExpirySeconds: number;
}

/** The relying party every WebAuthn ceremony (second factor or passkey) names. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

export interface PasskeySettings {
  enabled: boolean;
  maxPerUser: number;
  challengeExpirySeconds: number;
}

export function mfaSettings(config: Config, parseDurationMs: (text: string) => number): MfaSettings {
  const mfa = config.project.auth.mfa;
  return {
    maxEnrolledFactors: mfa.max_enrolled_factors,
    totp: { enroll: mfa.totp.enroll_enabled, verify: mfa.totp.verify_enabled },
    phone: {
      enroll: mfa.phone.enroll_enabled,
      verify: mfa.phone.verify_enabled,
      otpLength: mfa.phone.otp_length,
      template: mfa.phone.template,
      maxFrequencyMs: parseDurationMs(mfa.phone.max_frequency),
    },
    webauthn: { enroll: mfa.web_authn.enroll_enabled, verify: mfa.web_authn.verify_enabled },
    challengeExpirySeconds: 300,
    unverifiedFactorExpirySeconds: 300,
  };
}

/** [auth.webauthn], each key defaulting to the site's own host and origin when left out. */
export function relyingParty(config: Config): RelyingParty {
  const { webauthn, site_url } = config.project.auth;
  const site = new URL(site_url);
  return {
    id: webauthn.rp_id || site.hostname,
    name: webauthn.rp_display_name || site.hostname,
    origins: webauthn.rp_origins.length > 0 ? webauthn.rp_origins : [site.origin],
  };
}

export function passkeySettings(config: Config): PasskeySettings {
  return { enabled: config.project.auth.passkey.enabled, maxPerUser: 10, challengeExpirySeconds: 300 };
}

export interface OAuthServerSettings {
  enabled: boolean;
  dynamicRegistration: boolean;
  /** Where /oauth/authorize sends the browser: the site's consent page. */
  consentUrl: string;
  /** How long an authorization request may wait for the user's decision and its code exchange (GoTrue's 10m). */
  authorizationTtlSeconds: number;
  /** The scope of a request that names none (GoTrue's default). */
  defaultScope: string;
}

export function oauthServerSettings(config: Config): OAuthServerSettings {
  const { oauth_server: server, site_url } = config.project.auth;
  const path = server.authorization_url_path.startsWith('/')
    ? server.authorization_url_path
    : `/${server.authorization_url_path}`;
  return {
    enabled: server.enabled,
    dynamicRegistration: server.allow_dynamic_registration,
    consentUrl: `${site_url.replace(/\/+$/, '')}${path}`,
    authorizationTtlSeconds: 600,
    defaultScope: 'email',
  };
}
