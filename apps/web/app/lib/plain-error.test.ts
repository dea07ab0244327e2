import { describe, expect, it } from 'vitest';
import { plainErrorBody } from './plain-error';

describe('plainErrorBody', () => {
  it('names the missing path for a 404', () => {
    expect(plainErrorBody(404, new URL('http://app.test/nope?x=1'))).toBe('Page Not Found: /nope?x=1');
  });

  it('says Internal Server Error for server failures', () => {
    expect(plainErrorBody(500, new URL('http://app.test/'))).toBe('Internal Server Error');
    expect(plainErrorBody(503, new URL('http://app.test/'))).toBe('Internal Server Error');
  });

  it('gives the status of other errors', () => {
    expect(plainErrorBody(405, new URL('http://app.test/'))).toBe('Error 405');
  });
});
