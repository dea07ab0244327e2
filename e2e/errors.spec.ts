// Error pages of the specification's section 8: 404 for unknown paths and failed route validation, 500 for other
// fatal errors, and plain answers for bots.
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/session.ts';
import { BROKEN_WEB_URL } from './support/stacks.ts';

test('an unknown path answers 404 with the Page Not Found page', async ({ page }) => {
  await signIn(page, ACCOUNTS.member.email);
  const response = await page.goto('/no/such/page?x=1');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/Page Not Found/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Page Not Found: /no/such/page')).toBeVisible();
});

test('an unknown path answers 404 to a signed-out visitor too', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /no/such/page')).toBeVisible();
});

test('a project id that is not a UUID fails route validation with 404', async ({ page }) => {
  await signIn(page, ACCOUNTS.member.email);
  const response = await page.goto('/projects/not-a-uuid');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /projects/not-a-uuid')).toBeVisible();
});

test('a project that does not exist is unknown: 404', async ({ page }) => {
  await signIn(page, ACCOUNTS.member.email);
  const path = '/projects/3f2c1a9e-8d1b-4c6e-9a57-2b8e4d6f0c13';
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.getByText(`Page Not Found: ${path}`)).toBeVisible();
});

test('a bot gets the status with a plain body and no error page', async ({ request }) => {
  const response = await request.get('/no/such/page', {
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  });
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await response.text()).not.toMatch(/<html/i);
});

test('a fatal error answers 500 with the Internal Server Error page', async ({ page }) => {
  // The same browser session, served by a web app whose backend cannot be reached.
  await signIn(page, ACCOUNTS.member.email);
  const response = await page.goto(`${BROKEN_WEB_URL}/projects`);
  expect(response?.status()).toBe(500);
  await expect(page).toHaveTitle(/Internal Server Error/);
  await expect(page.getByRole('heading', { name: 'Internal Server Error' })).toBeVisible();
  expect(await page.content()).not.toMatch(/at .*\.(js|ts):\d+/);
});
