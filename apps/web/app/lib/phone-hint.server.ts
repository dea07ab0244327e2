// Whether a request comes from a phone, as far as its headers tell, so that a page can be rendered on the server as
// the phone will show it. Chromium browsers send the `Sec-CH-UA-Mobile` client hint with every request (on HTTPS and
// on localhost); other browsers name themselves "Mobi…" in the user agent on phones, as MDN advises to look for.
// A wrong guess costs little: the page checks the screen once it runs and corrects itself.
export function phoneFromHeaders(headers: Headers): boolean {
  const hint = headers.get('sec-ch-ua-mobile');
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return /Mobi/.test(headers.get('user-agent') ?? '');
}
