// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferredTooltip } from './deferred-tooltip';

afterEach(cleanup);

// Mantine asks the browser for the preferred color scheme, which jsdom cannot answer.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

const page = (
  <MantineProvider env="test">
    <DeferredTooltip label="Earlier weeks">
      <button type="button">Earlier</button>
    </DeferredTooltip>
  </MantineProvider>
);

describe('DeferredTooltip', () => {
  it('shows the tooltip on hover once the page runs', async () => {
    render(page);
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Earlier' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Earlier weeks');
  });
});
