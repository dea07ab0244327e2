import { describe, expect, it } from 'vitest';
import { refusalMessage } from './tus-upload';

describe('refusalMessage', () => {
  it("reads the storage service's message", () => {
    expect(
      refusalMessage(
        '{"statusCode":"403","error":"Unauthorized","message":"new row violates row-level security policy"}',
      ),
    ).toBe('new row violates row-level security policy');
  });

  it('falls back to the text, or says the connection was lost', () => {
    expect(refusalMessage('Upload-Length exceeds the limit')).toBe('Upload-Length exceeds the limit');
    expect(refusalMessage('')).toBe('The connection to the server was lost.');
    expect(refusalMessage('{"error":"x"}')).toBe('{"error":"x"}');
  });
});
