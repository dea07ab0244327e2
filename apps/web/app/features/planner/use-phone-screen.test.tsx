// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { PhoneHintContext } from '../../ui/phone-hint';
import { usePhoneScreen } from './use-phone-screen';

/** A screen whose width matches a phone's or not, as `matchMedia` reports it, and that can be resized. */
function fakeScreen(phone: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: phone,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    resize(toPhone: boolean) {
      query.matches = toPhone;
      for (const listener of listeners) listener();
    },
  };
}

function renderScreen(guess: boolean | null = null) {
  const seen: Array<boolean | undefined> = [];
  function Probe() {
    seen.push(usePhoneScreen());
    return null;
  }
  render(
    <PhoneHintContext value={guess}>
      <Probe />
    </PhoneHintContext>,
  );
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-hydrated');
});

it('is unknown while the page hydrates, then tells a phone', async () => {
  fakeScreen(true);
  const seen = renderScreen();
  await act(async () => {});
  expect(seen[0]).toBeUndefined();
  expect(seen.at(-1)).toBe(true);
});

it("hydrates with the server's guess, and keeps it when the screen agrees", async () => {
  fakeScreen(true);
  const seen = renderScreen(true);
  await act(async () => {});
  expect(seen).not.toContain(undefined);
  expect(seen).not.toContain(false);
  expect(seen.at(-1)).toBe(true);
});

it("corrects the server's guess when the screen says otherwise", async () => {
  fakeScreen(true);
  const seen = renderScreen(false);
  await act(async () => {});
  expect(seen[0]).toBe(false);
  expect(seen.at(-1)).toBe(true);
});

it('knows the screen at once on a page reached in the app', () => {
  document.documentElement.setAttribute('data-hydrated', '');
  fakeScreen(false);
  expect(renderScreen()).toEqual([false]);
});

it('follows the screen as it is resized', async () => {
  document.documentElement.setAttribute('data-hydrated', '');
  const screen = fakeScreen(false);
  const seen = renderScreen();
  await act(async () => screen.resize(true));
  expect(seen.at(-1)).toBe(true);
  await act(async () => screen.resize(false));
  expect(seen.at(-1)).toBe(false);
});
