import { expect, it } from 'vitest';
import { phoneFromHeaders } from './phone-hint.server';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const DESKTOP_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

it("takes Chromium's mobile client hint, whatever the user agent says", () => {
  expect(phoneFromHeaders(new Headers({ 'sec-ch-ua-mobile': '?1', 'user-agent': DESKTOP_FIREFOX }))).toBe(true);
  expect(phoneFromHeaders(new Headers({ 'sec-ch-ua-mobile': '?0', 'user-agent': ANDROID_CHROME }))).toBe(false);
});

it('reads the user agent of a browser that sends no client hints', () => {
  expect(phoneFromHeaders(new Headers({ 'user-agent': IPHONE_SAFARI }))).toBe(true);
  expect(phoneFromHeaders(new Headers({ 'user-agent': ANDROID_CHROME }))).toBe(true);
  expect(phoneFromHeaders(new Headers({ 'user-agent': DESKTOP_FIREFOX }))).toBe(false);
});

it('takes a request that says nothing for a wide screen', () => {
  expect(phoneFromHeaders(new Headers())).toBe(false);
});
