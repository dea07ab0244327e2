// Route access and redirects of the specification's section 2, on server render and after client navigation.
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/session.ts';

const SIGNED_IN_ONLY = [
  '/',
  '/about',
  '/profile',
  '/organization',
  '/projects',
  '/user-allocations',
  '/projects/3f2c1a9e-8d1b-4c6e-9a57-2b8e4d6f0c13',
];

test.describe('signed out', () => {
  for (const path of SIGNED_IN_ONLY) {
    test(`${path} redirects to /login with redirectTo`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
    });
  }

  test('redirectTo keeps the full original path with its query', async ({ page }) => {
    await page.goto('/projects?status=active&q=a%20b');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirectTo')).toBe('/projects?status=active&q=a%20b');
  });

  test('the public pages use the default layout, without navigation', async ({ page }) => {
    for (const path of ['/login', '/signup', '/confirm']) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page.getByText('Teamplan').first()).toBeVisible();
      await expect(page.getByRole('navigation')).toHaveCount(0);
    }
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ACCOUNTS.member.email);
  });

  for (const path of ['/login', '/signup', '/confirm']) {
    test(`${path} redirects to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/');
    });
  }

  test('every page a member may open renders inside the sidebar layout', async ({ page }) => {
    for (const path of ['/', '/about', '/profile', '/projects']) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('navigation')).toBeVisible();
    }
  });

  test('client navigation through the sidebar reaches each page', async ({ page }) => {
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL('/projects');
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('after sign-in', () => {
  test('goes to redirectTo when it is a same-origin path', async ({ page }) => {
    await signIn(page, ACCOUNTS.member.email, undefined, '/login?redirectTo=%2Fprojects%3Fstatus%3Dactive');
    await expect(page).toHaveURL('/projects?status=active');
  });

  for (const target of ['//evil.example/steal', 'https://evil.example/', '/\\evil.example']) {
    test(`ignores redirectTo=${target}`, async ({ page }) => {
      await signIn(page, ACCOUNTS.member.email, undefined, `/login?redirectTo=${encodeURIComponent(target)}`);
      await expect(page).toHaveURL('/');
    });
  }
});
