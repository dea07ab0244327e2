// What an ID token says about the person, read per issuer as GoTrue reads it: the addresses (and whether the issuer
// vouches for them) and the identity data, under GoTrue's claim names, that becomes the identity and user_metadata.
import type { ExternalUserData, ProviderEmail } from '../flows/external-linking.ts';
import { ISSUER_FACEBOOK, ISSUER_GOOGLE, ISSUER_KAKAO, isAppleIssuer, isAzureIssuer } from './providers.ts';

export type TokenClaims = Record<string, unknown>;
interface ReadClaims {
  emails: ProviderEmail[];
  data: Record<string, unknown>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const primaryEmail = (email: string, verified: boolean): ProviderEmail[] =>
  email === '' ? [] : [{ email, verified, primary: true }];

function readGoogle(claims: TokenClaims): ReadClaims {
  const { iss, sub, name, picture, hd } = Object.fromEntries(
    ['iss', 'sub', 'name', 'picture', 'hd'].map((key) => [key, text(claims[key])]),
  );
  const verified = claims.email_verified === true || claims.verified_email === true;
  const data = { iss, sub, name, picture, avatar_url: picture, full_name: name, provider_id: sub };
  return { emails: primaryEmail(text(claims.email), verified), data: { ...data, custom_claims: hd ? { hd } : null } };
}

function readFacebook(claims: TokenClaims): ReadClaims {
  const sub = text(claims.sub);
  const data = { iss: text(claims.iss), sub, name: text(claims.name), picture: text(claims.picture), provider_id: sub };
  // Limited Login only sends addresses Facebook has verified.
  return { emails: primaryEmail(text(claims.email), true), data };
}

function readKakao(claims: TokenClaims): ReadClaims {
  const sub = text(claims.sub);
  const nickname = text(claims.nickname);
  const data = { iss: text(claims.iss), sub, name: nickname, preferred_username: nickname, provider_id: sub };
  return { emails: primaryEmail(text(claims.email), true), data: { ...data, picture: text(claims.picture) } };
}

function readApple(claims: TokenClaims): ReadClaims {
  const sub = text(claims.sub);
  const custom: Record<string, unknown> = {};
  const privateEmail = claims.is_private_email;
  if (privateEmail !== undefined) custom.is_private_email = privateEmail === true || privateEmail === 'true';
  if (typeof claims.auth_time === 'number') custom.auth_time = claims.auth_time;
  const data = { iss: text(claims.iss), sub, provider_id: sub };
  // Apple vouches for every address it sends, its relay addresses included.
  return {
    emails: [{ email: text(claims.email), verified: true, primary: true }],
    data: { ...data, custom_claims: Object.keys(custom).length > 0 ? custom : null },
  };
}

/** Claims in every Azure token, not repeated among its custom claims. */
const AZURE_STANDARD_CLAIMS = new Set([
  ...['aud', 'iss', 'iat', 'nbf', 'exp', 'c_hash', 'at_hash', 'aio', 'nonce', 'rh', 'uti', 'jti', 'ver', 'sub'],
  ...['name', 'preferred_username'],
]);

function readAzure(claims: TokenClaims): ReadClaims {
  const sub = text(claims.sub);
  const email = text(claims.email);
  const edov = claims.xms_edov;
  // Without the domain-owner-verified claim, Azure only sends an address it vouches for.
  const verified = email !== '' && (edov == null || edov === true || edov === '1' || edov === 'true');
  const custom = Object.fromEntries(Object.entries(claims).filter(([key]) => !AZURE_STANDARD_CLAIMS.has(key)));
  const data = { iss: text(claims.iss), sub, provider_id: sub, preferred_username: text(claims.preferred_username) };
  return {
    emails: primaryEmail(email, verified),
    data: { ...data, full_name: text(claims.name), custom_claims: custom },
  };
}

const STANDARD_TEXT_CLAIMS = [
  ...['iss', 'sub', 'aud', 'name', 'family_name', 'given_name', 'middle_name', 'nickname', 'preferred_username'],
  ...['profile', 'picture', 'website', 'gender', 'birthdate', 'zoneinfo', 'locale', 'updated_at', 'email', 'phone'],
  ...['full_name', 'avatar_url', 'slug', 'provider_id', 'user_name'],
];

/** Any other issuer (keycloak): the standard claims, each taken when it has the expected type. */
function readGeneric(claims: TokenClaims): ReadClaims {
  const email = text(claims.email);
  if (email === '') {
    throw new Error(`Generic OIDC ID token from issuer ${JSON.stringify(claims.iss)} must contain an email address`);
  }
  const data: Record<string, unknown> = Object.fromEntries(STANDARD_TEXT_CLAIMS.map((key) => [key, text(claims[key])]));
  for (const key of ['iat', 'exp']) data[key] = typeof claims[key] === 'number' ? claims[key] : 0;
  data.phone_verified = claims.phone_verified === true;
  data.custom_claims = isObject(claims.custom_claims) ? claims.custom_claims : null;
  return { emails: primaryEmail(email, claims.email_verified === true), data };
}

function readerFor(issuer: string): (claims: TokenClaims) => ReadClaims {
  if (issuer === ISSUER_GOOGLE) return readGoogle;
  if (issuer === ISSUER_FACEBOOK) return readFacebook;
  if (issuer === ISSUER_KAKAO) return readKakao;
  if (isAzureIssuer(issuer)) return readAzure;
  if (isAppleIssuer(issuer)) return readApple;
  return readGeneric;
}

/** The person a verified ID token describes; throws when the token lacks what its issuer must send. */
export function userDataFromIdToken(claims: TokenClaims): ExternalUserData {
  const { emails, data } = readerFor(text(claims.iss))(claims);
  const primary = emails.find((email) => email.primary) ?? emails.at(-1);
  // GoTrue's claim set leaves empty values out, except the two verification flags.
  const present = Object.entries<unknown>({ ...data, email: primary?.email ?? '' }).filter(
    ([, value]) => value !== '' && value !== 0 && value !== null && value !== undefined,
  );
  const identityData = {
    ...Object.fromEntries(present),
    email_verified: primary?.verified ?? false,
    phone_verified: data.phone_verified === true,
  };
  return { subject: text(claims.sub), emails, identityData };
}
