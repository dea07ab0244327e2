// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useMediaQuery } from './settled-media-query';

function fakeMedia(matches: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const media = {
    matches,
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => media);
  return {
    change(next: boolean) {
      media.matches = next;
      for (const listener of listeners) listener({ matches: next });
    },
  };
}

function renderQuery() {
  const seen: boolean[] = [];
  function Probe() {
    seen.push(useMediaQuery('(prefers-reduced-motion: reduce)'));
    return null;
  }
  render(<Probe />);
  return seen;
}

afterEach(() => vi.unstubAllGlobals());

it('draws once when the query does not match', async () => {
  fakeMedia(false);
  const seen = renderQuery();
  await act(async () => {});
  expect(seen).toEqual([false]);
});

it('reports a match found after mounting, and follows changes', async () => {
  const media = fakeMedia(true);
  const seen = renderQuery();
  await act(async () => {});
  expect(seen[0]).toBe(false);
  expect(seen.at(-1)).toBe(true);
  await act(async () => media.change(false));
  expect(seen.at(-1)).toBe(false);
});
