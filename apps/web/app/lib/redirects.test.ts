import { describe, expect, it } from 'vitest';
import { loginPathFor, redirectTargetOf, safeRedirectPath } from './redirects';

describe('safeRedirectPath', () => {
  it.each(['/', '/projects', '/projects?status=active#top', '/projects/5d6c9e0e-7a43-4a4e-9a39-5a0d7c1b9f10'])(
    'keeps the same-origin path %s',
    (path) => expect(safeRedirectPath(path)).toBe(path),
  );

  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['backslash', '/\\evil.example'],
    ['absolute URL', 'https://evil.example/'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative path', 'projects'],
    ['empty', ''],
    ['tab trick', '/\t/evil.example'],
  ])('falls back to / for a %s target', (_, target) => {
    expect(safeRedirectPath(target)).toBe('/');
  });

  it('percent-encodes characters a Location header cannot hold', () => {
    expect(safeRedirectPath('/日本?q=é')).toBe('/%E6%97%A5%E6%9C%AC?q=%C3%A9');
    expect(safeRedirectPath('/\u3000/x')).toBe('/%E3%80%80/x');
    expect(() => new Headers({ Location: safeRedirectPath('/日本') })).not.toThrow();
  });

  it('falls back for missing values and uses the given fallback', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath(undefined, '/about')).toBe('/about');
  });
});

describe('loginPathFor', () => {
  it('keeps the full path with its query', () => {
    const login = loginPathFor('http://app.test/projects?status=active&q=a%20b');
    const url = new URL(login, 'http://app.test');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirectTo')).toBe('/projects?status=active&q=a%20b');
  });

  it('remembers the home page too', () => {
    expect(loginPathFor('http://app.test/')).toBe('/login?redirectTo=%2F');
  });
});

describe('redirectTargetOf', () => {
  it('reads a same-origin redirectTo', () => {
    expect(redirectTargetOf('http://app.test/login?redirectTo=%2Fabout%3Fx%3D1')).toBe('/about?x=1');
  });

  it('refuses another origin', () => {
    expect(redirectTargetOf('http://app.test/login?redirectTo=%2F%2Fevil.example')).toBe('/');
  });
});
