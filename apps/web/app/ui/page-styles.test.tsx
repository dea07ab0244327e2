// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, UNSAFE_FrameworkContext as FrameworkContext } from 'react-router';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

type FrameworkValue = NonNullable<ComponentProps<typeof FrameworkContext.Provider>['value']>;

/** React Router's manifest as the build writes it, for a root route and one page under it. */
const framework = {
  manifest: {
    routes: {
      root: { css: ['/assets/root.css'] },
      page: { css: ['/assets/page.css#', '/assets/root.css', '/assets/later.css'] },
    },
  },
} as unknown as FrameworkValue;

async function renderPageStyles(readStylesheet: ((href: string) => string | undefined) | null) {
  const { PageStyles, StylesheetReaderContext } = await import('./page-styles');
  const router = createMemoryRouter([
    { id: 'root', path: '/', children: [{ id: 'page', index: true, Component: () => null }], Component: PageStyles },
  ]);
  return renderToString(
    <FrameworkContext.Provider value={framework}>
      <StylesheetReaderContext.Provider value={readStylesheet}>
        <RouterProvider router={router} />
      </StylesheetReaderContext.Provider>
    </FrameworkContext.Provider>,
  );
}

afterEach(() => {
  vi.resetModules();
  document.head.innerHTML = '';
});

describe('PageStyles', () => {
  it('on the server, writes each stylesheet of the matched routes into the page once, and links what it cannot read', async () => {
    const css: Record<string, string> = { '/assets/root.css': 'body{margin:0}', '/assets/page.css': '.a>b{color:red}' };
    const html = await renderPageStyles((href) => css[href]);
    expect(html).toBe(
      '<style data-href="/assets/root.css">body{margin:0}</style>' +
        '<link rel="stylesheet" href="/assets/root.css" disabled=""/>' +
        '<link rel="stylesheet" href="/assets/root.css#" disabled=""/>' +
        '<style data-href="/assets/page.css">.a>b{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/page.css" disabled=""/>' +
        '<link rel="stylesheet" href="/assets/page.css#" disabled=""/>' +
        '<link rel="stylesheet" href="/assets/later.css"/>',
    );
  });

  it('in the browser, keeps what the server wrote and links stylesheets of pages reached later', async () => {
    document.head.innerHTML = '<style data-href="/assets/root.css">body{margin:0}</style>';
    const html = await renderPageStyles(null);
    expect(html).toBe(
      '<style data-href="/assets/root.css">body{margin:0}</style>' +
        '<link rel="stylesheet" href="/assets/root.css" disabled=""/>' +
        '<link rel="stylesheet" href="/assets/root.css#" disabled=""/>' +
        '<link rel="stylesheet" href="/assets/page.css"/>' +
        '<link rel="stylesheet" href="/assets/later.css"/>',
    );
  });

  it('in the browser, leaves a written stylesheet alone when the page renders again', async () => {
    document.head.innerHTML = '<style data-href="/assets/root.css">body{margin:0}</style>';
    const { PageStyles } = await import('./page-styles');
    const router = createMemoryRouter([
      { id: 'root', path: '/', children: [{ id: 'page', index: true, Component: () => null }], Component: PageStyles },
    ]);
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <FrameworkContext.Provider value={framework}>
          <RouterProvider router={router} />
        </FrameworkContext.Provider>,
      ),
    );
    const style = container.querySelector('style[data-href="/assets/root.css"]')!;
    expect(style.textContent).toBe('body{margin:0}');
    const rewrites: MutationRecord[] = [];
    const observer = new MutationObserver((records) => rewrites.push(...records));
    observer.observe(style, { childList: true, characterData: true, subtree: true });
    await act(async () => router.navigate('/?again'));
    observer.disconnect();
    expect(router.state.location.search).toBe('?again');
    expect(rewrites).toEqual([]);
    root.unmount();
  });
});
