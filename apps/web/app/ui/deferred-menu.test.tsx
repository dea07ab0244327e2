// @vitest-environment jsdom
import { Menu, MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferredMenu } from './deferred-menu';

afterEach(cleanup);

// Mantine asks the browser for the preferred color scheme, which jsdom cannot answer.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

function Page(): ReactNode {
  return (
    <MantineProvider env="test">
      <DeferredMenu target={<button type="button">Sam Doe</button>}>
        <Menu.Dropdown>
          <Menu.Item>Profile</Menu.Item>
        </Menu.Dropdown>
      </DeferredMenu>
    </MantineProvider>
  );
}

describe('DeferredMenu', () => {
  it('is a plain button in the page as the server sends it, and a menu once the page runs', async () => {
    expect(renderToString(<Page />)).not.toContain('aria-haspopup');
    render(<Page />);
    const target = await screen.findByRole('button', { name: 'Sam Doe', expanded: false });
    expect(target.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(target);
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeTruthy();
  });

  it('keeps the focus its button had before the page hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    container.querySelector('button')!.focus();
    await act(async () => {
      hydrateRoot(container, <Page />);
    });
    const target = await screen.findByRole('button', { name: 'Sam Doe', expanded: false });
    expect(target.getAttribute('aria-haspopup')).toBe('menu');
    expect(document.activeElement).toBe(target);
    container.remove();
  });
});
