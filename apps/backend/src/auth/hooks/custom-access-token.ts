// The "custom access token" hook: asked before every access token is signed (a sign-in of any kind, a refresh, a step
// up with MFA), with the claims GoTrue would sign and how the user authenticated; the claims it answers with are
// signed instead, once they pass GoTrue's minimum schema. A rejection, or claims that do not pass, fail the request.
import { randomUUID } from 'node:crypto';
import { AuthErrors } from '../errors.ts';
import type { HookFunctionSettings } from '../settings.ts';
import { callHookFunction, type HookConnection } from './pg-function.ts';

type Claims = Record<string, unknown>;

/** GoTrue's minimum schema for the claims a hook answers with: these claims, of these JSON types. */
const CLAIM_TYPES: Record<string, string[]> = {
  aud: ['string', 'array'],
  exp: ['integer'],
  jti: ['string'],
  iat: ['integer'],
  iss: ['string'],
  nbf: ['integer'],
  sub: ['string'],
  email: ['string'],
  phone: ['string'],
  app_metadata: ['object'],
  user_metadata: ['object'],
  role: ['string'],
  aal: ['string'],
  amr: ['array'],
  session_id: ['string'],
};
const REQUIRED_CLAIMS = ['aud', 'exp', 'iat', 'sub', 'email', 'phone', 'role', 'aal', 'session_id', 'is_anonymous'];

/** A JSON value's type as JSON Schema names it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** What keeps `claims` from GoTrue's minimum schema, one line each in its validator's words; empty when nothing. */
export function claimProblems(claims: unknown): string[] {
  if (jsonType(claims) !== 'object') return [`(root): Invalid type. Expected: object, given: ${jsonType(claims)}`];
  const given = claims as Claims;
  const problems = REQUIRED_CLAIMS.filter((name) => !(name in given)).map((name) => `(root): ${name} is required`);
  for (const [name, types] of Object.entries(CLAIM_TYPES)) {
    if (!(name in given)) continue;
    const type = jsonType(given[name]);
    if (!types.includes(type)) problems.push(`${name}: Invalid type. Expected: ${types.join('/')}, given: ${type}`);
  }
  if (Array.isArray(given.amr)) {
    given.amr.forEach((entry, index) => {
      if (jsonType(entry) !== 'object') {
        problems.push(`amr.${index}: Invalid type. Expected: object, given: ${jsonType(entry)}`);
      }
    });
  }
  return problems;
}

export interface AccessTokenRequest {
  userId: string;
  claims: Claims;
  /** How the user authenticated for this token: GoTrue's method names (password, otp, token_refresh, ...). */
  authenticationMethod: string;
}

/** The claims to sign: the hook's, when it is on; `request.claims` as they are otherwise. */
export async function customizeClaims(
  on: HookConnection,
  hook: HookFunctionSettings | undefined,
  request: AccessTokenRequest,
): Promise<Claims> {
  if (!hook) return request.claims;
  const event = {
    metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: 'customize-access-token' },
    user_id: request.userId,
    claims: request.claims,
    authentication_method: request.authenticationMethod,
  };
  const output = await callHookFunction(on, hook, event);
  if (jsonType(output) !== 'object' || !('claims' in (output as Claims))) {
    throw AuthErrors.internal('output claims field is missing');
  }
  const { claims } = output as { claims: unknown };
  if (jsonType(claims) !== 'object') throw AuthErrors.internal('Error unmarshaling JSON output.');
  const problems = claimProblems(claims);
  if (problems.length > 0) {
    const list = problems.map((problem) => `- ${problem}\n`).join('');
    throw AuthErrors.internal(`output claims do not conform to the expected schema: \n${list}`);
  }
  return claims as Claims;
}
