import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors.ts';
import type { AuthSettings, ExternalProviderSettings } from '../settings.ts';
import { userDataFromIdToken } from './claims.ts';
import { resolveOidcProvider } from './providers.ts';

const enabled = (clientIds: string[], extra: Partial<ExternalProviderSettings> = {}): ExternalProviderSettings => ({
  enabled: true,
  clientIds,
  url: '',
  skipNonceCheck: false,
  emailOptional: false,
  secret: '',
  redirectUri: '',
  ...extra,
});

const settings = {
  externalProviders: {
    apple: enabled(['com.example.app']),
    azure: enabled(['azure-app']),
    facebook: enabled(['fb-app']),
    google: enabled(['g1', 'g2']),
    keycloak: enabled(['kc'], { url: 'https://sso.example.com/realms/team' }),
    kakao: { ...enabled(['kakao']), enabled: false },
  },
} as unknown as AuthSettings;

/** An unsigned token: enough for choosing the provider, which happens before verification. */
const unsigned = (claims: Record<string, unknown>) =>
  ['{"alg":"RS256"}', JSON.stringify(claims)].map((part) => Buffer.from(part).toString('base64url')).join('.') + '.x';

const refusalOf = (request: { provider?: string; issuer?: string; idToken?: string }) => {
  try {
    resolveOidcProvider(settings, { provider: '', issuer: '', idToken: '', ...request });
  } catch (error) {
    return error instanceof AuthError ? { status: error.status, code: error.code, message: error.message } : error;
  }
  throw new Error('the provider was accepted');
};

describe('choosing the OpenID Connect provider', () => {
  it("finds a provider by name or by its issuer, with its client ids and GoTrue's nonce rules", () => {
    expect(resolveOidcProvider(settings, { provider: 'google', issuer: '', idToken: 'x' })).toMatchObject({
      name: 'google',
      issuer: 'https://accounts.google.com',
      clientIds: ['g1', 'g2'],
      skipNonceCheck: false,
    });
    const byIssuer = resolveOidcProvider(settings, {
      provider: '',
      issuer: 'https://sso.example.com/realms/team',
      idToken: 'x',
    });
    expect(byIssuer).toMatchObject({ name: 'keycloak', issuer: 'https://sso.example.com/realms/team' });
    expect(resolveOidcProvider(settings, { provider: 'facebook', issuer: '', idToken: 'x' }).skipNonceCheck).toBe(true);
  });

  it("takes Apple's and Azure's issuer from the token, which must be theirs", () => {
    const apple = resolveOidcProvider(settings, {
      provider: 'apple',
      issuer: '',
      idToken: unsigned({ iss: 'https://account.apple.com' }),
    });
    expect(apple).toMatchObject({ issuer: 'https://account.apple.com', checkIssuer: false });
    const tenant = 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0';
    expect(
      resolveOidcProvider(settings, { provider: 'azure', issuer: '', idToken: unsigned({ iss: tenant }) }),
    ).toMatchObject({
      issuer: tenant,
      checkIssuer: true,
    });
    const validation = (message: string) => ({ status: 400, code: 'validation_failed', message });
    expect(refusalOf({ provider: 'apple', idToken: 'garbage' })).toEqual(
      validation('Unable to detect issuer in ID token for Apple provider'),
    );
    expect(refusalOf({ provider: 'apple', idToken: unsigned({ iss: 'https://evil.example' }) })).toEqual(
      validation('Detected ID token issuer is not an Apple ID token issuer'),
    );
    expect(refusalOf({ provider: 'azure', idToken: unsigned({ iss: 'https://evil.example' }) })).toEqual(
      validation('Detected ID token issuer is not an Azure ID token issuer'),
    );
    expect(refusalOf({ issuer: tenant, idToken: unsigned({ iss: 'https://sts.windows.net/other/' }) })).toEqual(
      validation('Provided issuer does not match ID token issuer'),
    );
  });

  it('refuses unknown, custom and disabled providers', () => {
    expect(refusalOf({ provider: 'github', idToken: 'x' })).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Custom OIDC provider "github" not allowed',
    });
    expect(refusalOf({ provider: 'custom:acme', idToken: 'x' })).toMatchObject({
      message: 'Custom OAuth providers are disabled',
    });
    expect(refusalOf({ provider: 'kakao', idToken: 'x' })).toEqual({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://kauth.kakao.com") is not enabled',
    });
  });
});

describe("reading an ID token's claims", () => {
  it("keeps Google's profile under GoTrue's names and trusts its email_verified", () => {
    const user = userDataFromIdToken({
      iss: 'https://accounts.google.com',
      sub: '1234',
      email: 'Ada@Example.com',
      email_verified: true,
      name: 'Ada',
      picture: 'https://pics.example/ada.png',
      hd: 'example.com',
      aud: 'g1',
    });
    expect(user).toEqual({
      subject: '1234',
      emails: [{ email: 'Ada@Example.com', verified: true, primary: true }],
      identityData: {
        iss: 'https://accounts.google.com',
        sub: '1234',
        name: 'Ada',
        full_name: 'Ada',
        picture: 'https://pics.example/ada.png',
        avatar_url: 'https://pics.example/ada.png',
        provider_id: '1234',
        custom_claims: { hd: 'example.com' },
        email: 'Ada@Example.com',
        email_verified: true,
        phone_verified: false,
      },
    });
  });

  it("vouches for Apple's and Facebook's addresses and reads Azure's verification claim", () => {
    const apple = userDataFromIdToken({
      iss: 'https://appleid.apple.com',
      sub: 'a1',
      email: 'x@privaterelay.appleid.com',
      is_private_email: 'true',
    });
    expect(apple.identityData).toMatchObject({ email_verified: true, custom_claims: { is_private_email: true } });
    const facebook = userDataFromIdToken({ iss: 'https://www.facebook.com', sub: 'f1', email: 'f@example.com' });
    expect(facebook.emails).toEqual([{ email: 'f@example.com', verified: true, primary: true }]);
    const azure = (claims: Record<string, unknown>) =>
      userDataFromIdToken({
        iss: 'https://login.microsoftonline.com/tenant/v2.0',
        sub: 'z1',
        email: 'z@example.com',
        name: 'Zoe',
        tid: 'tenant',
        ...claims,
      });
    expect(azure({}).identityData).toMatchObject({
      full_name: 'Zoe',
      email_verified: true,
      custom_claims: { tid: 'tenant' },
    });
    expect(azure({ xms_edov: false }).emails[0].verified).toBe(false);
  });

  it('requires an address from any other issuer', () => {
    expect(() => userDataFromIdToken({ iss: 'https://sso.example.com/realms/team', sub: 'k1' })).toThrow(
      /must contain an email address/,
    );
  });
});
