import { describe, expect, it } from 'vitest';
import { clearFlashPopupCookie, flashPopupCookie, readFlashPopup } from './flash-popup.server';

const requestWith = (setCookie: string) =>
  new Request('http://app.test/', { headers: { cookie: setCookie.split(';')[0]! } });

describe('flash popup', () => {
  it('carries a popup to the next request', async () => {
    const cookie = await flashPopupCookie({ type: 'error', message: 'You do not have permission to open this page.' });
    expect(cookie).toMatch(/Max-Age=60/);
    expect(cookie).toMatch(/HttpOnly/);
    const popup = await readFlashPopup(requestWith(cookie));
    expect(popup).toMatchObject({
      type: 'error',
      title: 'Error',
      message: 'You do not have permission to open this page.',
    });
    expect(popup?.id).toMatch(/^flash-/);
  });

  it('finds nothing without the cookie or with a forged one', async () => {
    expect(await readFlashPopup(new Request('http://app.test/'))).toBeNull();
    expect(await readFlashPopup(requestWith('teamplan-popup=not-json'))).toBeNull();
  });

  it('clears the cookie', async () => {
    expect(await clearFlashPopupCookie()).toMatch(/Max-Age=0/);
  });
});
