import { describe, expect, it } from 'vitest';
import { EXPIRED_LINK_MESSAGE, readLinkResult } from './confirm-link';

const read = (query: string, fragment?: string) => readLinkResult(new URLSearchParams(query), fragment);

describe('readLinkResult', () => {
  it('reads a PKCE code and its flow id', () => {
    expect(read('code=abc&sb_flow_id=f1')).toEqual({ kind: 'code', code: 'abc', flowId: 'f1' });
    expect(read('code=abc')).toEqual({ kind: 'code', code: 'abc', flowId: undefined });
  });

  it('reads a token hash with its type', () => {
    expect(read('token_hash=h&type=recovery')).toEqual({ kind: 'token-hash', tokenHash: 'h', type: 'recovery' });
  });

  it('ignores a token hash with an unknown type', () => {
    expect(read('token_hash=h&type=bogus')).toEqual({ kind: 'none' });
  });

  it('reads tokens from the fragment', () => {
    expect(read('', '#access_token=a&refresh_token=r&type=invite')).toEqual({
      kind: 'tokens',
      accessToken: 'a',
      refreshToken: 'r',
      type: 'invite',
    });
  });

  it('reports an expired link from the fragment', () => {
    const fragment =
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
    expect(read('', fragment)).toEqual({ kind: 'error', message: EXPIRED_LINK_MESSAGE });
  });

  it('reports other errors from the query with their description', () => {
    expect(read('error=server_error&error_description=Something+broke')).toEqual({
      kind: 'error',
      message: 'Something broke.',
    });
  });

  it('prefers the error over a code', () => {
    expect(read('code=abc&error=access_denied').kind).toBe('error');
  });

  it('reads the message of a half-confirmed e-mail change from the query or the fragment', () => {
    const message = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';
    const expected = { kind: 'message', message };
    expect(read(`message=${encodeURIComponent(message)}`)).toEqual(expected);
    expect(read('', `#message=${encodeURIComponent(message)}`)).toEqual(expected);
  });

  it('finds nothing on a bare visit', () => {
    expect(read('')).toEqual({ kind: 'none' });
  });
});
