// The embedded mailbox: storing mail (inside the sender's transaction), the JSON list, and the HTML pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const message = (to: string, subject: string, html = '<p>Hello</p>') => ({
  to,
  subject,
  html,
  text: 'Hello\nhttps://example.com/verify?token=abc',
  kind: 'confirmation',
});
const getJson = async (path: string) => (await h.request(path, { apikey: null })).json();

describe('GET /mailbox/messages', () => {
  it('lists messages newest first with their fields, filtered by recipient in any letter case', async () => {
    await h.mailer.send(message('ann@example.com', 'First'));
    await h.mailer.send(message('bob@example.com', 'Other'));
    await h.mailer.send(message('Ann@Example.com', 'Second'));
    const forAnn = await getJson('/mailbox/messages?to=ann@example.com');
    expect(forAnn.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(forAnn[0]).toEqual({
      id: expect.any(Number),
      to: 'Ann@Example.com',
      subject: 'Second',
      html: '<p>Hello</p>',
      text: 'Hello\nhttps://example.com/verify?token=abc',
      kind: 'confirmation',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z$/),
    });
    const all = await getJson('/mailbox/messages');
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all[0].id).toBeGreaterThan(all[1].id);
  });

  it('keeps nothing of a message whose transaction rolled back', async () => {
    await h.db
      .transaction(async (tx) => {
        await h.mailer.send(message('rolled@example.com', 'Never'), { db: tx });
        throw new Error('the sign-up failed after the e-mail was written');
      })
      .catch(() => undefined);
    expect(await getJson('/mailbox/messages?to=rolled@example.com')).toEqual([]);
  });

  it('answers 404 for an unknown message', async () => {
    expect((await h.request('/mailbox/messages/999999', { apikey: null })).status).toBe(404);
    expect((await h.request('/mailbox/not-a-number', { apikey: null })).status).toBe(404);
  });
});

describe('the mailbox pages', () => {
  it('lists recipient, subject and time, with every value escaped', async () => {
    await h.mailer.send(message('eve@example.com', '<script>alert(1)</script> Welcome'));
    const response = await h.request('/mailbox?to=eve@example.com', { apikey: null });
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain('eve@example.com');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Welcome');
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('bob@example.com');
  });

  it('shows a message with its HTML only inside a sandboxed frame', async () => {
    await h.mailer.send(
      message('frame@example.com', 'Framed', '<a href="https://example.com/x">Go</a><script>alert(2)</script>'),
    );
    const [stored] = await getJson('/mailbox/messages?to=frame@example.com');
    const page = await (await h.request(`/mailbox/${stored.id}`, { apikey: null })).text();
    expect(page).toMatch(
      /<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]*srcdoc="[^"]*&lt;script&gt;alert\(2\)/,
    );
    expect(page).not.toContain('<script>');
    expect(page).toContain('href="https://example.com/verify?token=abc"');
  });
});
