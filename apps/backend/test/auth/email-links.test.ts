// Auth e-mails: templates overridden from config.toml ([auth.email.template.<kind>] subject and content_path, as the
// Supabase CLI reads them), and links built only from the configured URLs, whatever Host or X-Forwarded-Host say.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';
import {
  API_2024,
  call,
  latestMail,
  linkAndCode,
  openLink,
  signUpWithSession,
  uniqueEmail,
  withConfig,
} from './helpers.ts';

let h: Harness;
let projectDir: string;
beforeAll(async () => {
  h = await createHarness({ configure: (config) => void (config.project.auth.email.max_frequency = '0s') });
  projectDir = mkdtempSync(path.join(tmpdir(), 'teamplan-templates-'));
  mkdirSync(path.join(projectDir, 'supabase', 'templates'), { recursive: true });
  writeFileSync(
    path.join(projectDir, 'supabase', 'templates', 'recovery.html'),
    '<h1>Hello {{ .Email }}</h1><p><a href="{{ .ConfirmationURL }}">Reset</a></p><p>Code {{ .Token }}</p>',
  );
});
afterAll(async () => {
  await h.close();
  rmSync(projectDir, { recursive: true, force: true });
});

describe('[auth.email.template.<kind>]', () => {
  it('uses the configured subject and HTML file, with GoTrue’s variables filled in and escaped', async () => {
    const custom = withConfig(h, (config) => {
      config.supabaseDir = path.join(projectDir, 'supabase');
      config.project.auth.email.template = {
        recovery: { subject: 'Reset for {{ .Email }}', content_path: './supabase/templates/recovery.html' },
        magic_link: { subject: 'Your Teamplan link' },
      };
    });
    const email = uniqueEmail("o'brien");
    await signUpWithSession(h, email);
    expect((await call(custom, 'POST', '/recover', { body: { email } })).status).toBe(200);
    const mail = await latestMail(h, email);
    expect(mail.subject).toBe(`Reset for ${email}`);
    expect(mail.html).toContain(`<h1>Hello ${email.replace("'", '&#39;')}</h1>`);
    const { link, code } = linkAndCode(mail);
    expect(mail.html).toContain(`Code ${code}`);
    expect(link.searchParams.get('type')).toBe('recovery');
    const landed = await openLink(h, link);
    expect(landed.origin).toBe('http://127.0.0.1:3000');

    // A kind with only a subject keeps the built-in body.
    expect((await call(custom, 'POST', '/otp', { body: { email } })).status).toBe(200);
    const magic = await latestMail(h, email);
    expect(magic.subject).toBe('Your Teamplan link');
    expect(magic.text).toContain('/auth/v1/verify?');
  });
});

describe('links in e-mails', () => {
  it('come from the configured URLs even when Host, X-Forwarded-Host and Referer are forged', async () => {
    const { email } = await signUpWithSession(h);
    const forged = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'host=evil.example;proto=https',
      origin: 'https://evil.example',
      referer: 'https://evil.example/phish',
    };
    const paths = ['/recover', `/recover?redirect_to=${encodeURIComponent('https://evil.example/x')}`, '/otp'];
    for (const pathname of paths) {
      const response = await h.app.request(`http://evil.example/auth/v1${pathname}`, {
        method: 'POST',
        headers: { ...API_2024, ...forged, apikey: h.keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(200);
      const mail = await latestMail(h, email);
      expect(mail.html).not.toContain('evil.example');
      expect(mail.text).not.toContain('evil.example');
      const { link } = linkAndCode(mail);
      expect(link.origin).toBe('http://127.0.0.1:54321');
      expect(link.searchParams.get('redirect_to')).toBe('http://127.0.0.1:3000');
    }
  });

  it('keep an allowed redirect and drop one that only looks allowed', async () => {
    const { email } = await signUpWithSession(h);
    const cases: Array<[string, string]> = [
      ['http://localhost:3000/auth/callback', 'http://localhost:3000/auth/callback'],
      ['http://127.0.0.1:3000/projects/7', 'http://127.0.0.1:3000/projects/7'],
      ['http://127.0.0.1:3000.evil.example/', 'http://127.0.0.1:3000'],
      ['http://localhost:3000@evil.example/', 'http://127.0.0.1:3000'],
      ['javascript:alert(1)//localhost:3000', 'http://127.0.0.1:3000'],
    ];
    for (const [requested, expected] of cases) {
      await call(h, 'POST', `/recover?redirect_to=${encodeURIComponent(requested)}`, { body: { email } });
      const { link } = linkAndCode(await latestMail(h, email));
      expect([requested, link.searchParams.get('redirect_to')]).toEqual([requested, expected]);
    }
  });
});
