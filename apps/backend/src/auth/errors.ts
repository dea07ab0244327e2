// The auth service's error catalog: every error a client can see, with GoTrue's HTTP status, stable error code and
// message. Internal causes travel in `cause` and are logged, never sent.

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options: { cause?: unknown; weakPasswordReasons?: string[] } = {},
  ) {
    super(message, { cause: options.cause });
    this.weakPasswordReasons = options.weakPasswordReasons;
  }
  readonly weakPasswordReasons?: string[];
}

const make = (status: number, code: string) => (message: string, cause?: unknown) =>
  new AuthError(status, code, message, { cause });

export const badRequest = make(400, 'validation_failed');
export const unprocessable = make(422, 'validation_failed');

export const AuthErrors = {
  badJson: (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  validation: badRequest,
  weakPassword: (message: string, reasons: string[]) =>
    new AuthError(422, 'weak_password', message, { weakPasswordReasons: reasons }),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  phoneNotConfirmed: () => new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed'),
  userBanned: (message = 'User is banned') => new AuthError(400, 'user_banned', message),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  phoneExists: () => new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered'),
  signupDisabled: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  otpSignupDisabled: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token'),
  badJwt: (message: string) => new AuthError(403, 'bad_jwt', message),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userFromTokenNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  /** An admin link (recovery, e-mail change) for an address no account has. */
  userWithEmailNotFound: () => new AuthError(404, 'user_not_found', 'User with this email not found'),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  sessionExpired: () => new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired'),
  flowStateNotFound: () => new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  flowStateExpired: () => new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired'),
  badCodeVerifier: (message: string) => new AuthError(400, 'bad_code_verifier', message),
  emailLinkInvalid: () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired'),
  otpInvalid: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  overEmailSendRateLimit: (seconds: number, message?: string) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      message ?? `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  overSmsSendRateLimit: (seconds: number) =>
    new AuthError(
      429,
      'over_sms_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  reauthenticationNeeded: () =>
    new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication'),
  reauthenticationNotValid: () => new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid'),
  unsupportedGrant: () => new AuthError(400, 'invalid_credentials', 'unsupported_grant_type'),
  mfaFactorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  mfaChallengeNotFound: () =>
    new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found'),
  mfaIpMismatch: () => new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.'),
  mfaChallengeExpired: (id: string) =>
    new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
    ),
  mfaVerificationFailed: () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
  mfaFactorNameConflict: (name: string) =>
    new AuthError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name ${JSON.stringify(name)} for this user already exists`,
    ),
  tooManyFactors: () =>
    new AuthError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    ),
  insufficientAal: (status: 401 | 403 | 422, message: string) => new AuthError(status, 'insufficient_aal', message),
  samlDisabled: () => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
  manualLinkingDisabled: () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled'),
  identityAlreadyLinked: (toAnotherUser: boolean) =>
    new AuthError(
      422,
      'identity_already_exists',
      toAnotherUser ? 'Identity is already linked to another user' : 'Identity is already linked',
    ),
  anonymousNotAllowed: () =>
    new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions'),
  passkeysDisabled: () => new AuthError(404, 'passkey_disabled', 'Passkeys are disabled'),
  passkeyNotFound: () => new AuthError(404, 'validation_failed', 'Passkey not found'),
  webauthnChallengeNotFound: () =>
    new AuthError(400, 'webauthn_challenge_not_found', 'Challenge not found or already used'),
  webauthnChallengeExpired: () => new AuthError(400, 'webauthn_challenge_expired', 'Challenge has expired'),
  webauthnVerificationFailed: (message: string, cause?: unknown) =>
    new AuthError(400, 'webauthn_verification_failed', message, { cause }),
  overRequestRateLimit: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  internal: (message: string, cause?: unknown) => new AuthError(500, 'unexpected_failure', message, { cause }),
} as const;
