// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { announcementHtml } from './announcement-html.server';
import { AnnouncementMarkdown } from './announcement-markdown';

// The same rules hold for the preview a manager sees while writing and for the HTML the server sends to readers.
const RENDERINGS: Array<[string, (markdown: string) => string]> = [
  [
    'the preview',
    (markdown) =>
      renderToStaticMarkup(
        <MantineProvider>
          <AnnouncementMarkdown>{markdown}</AnnouncementMarkdown>
        </MantineProvider>,
      ),
  ],
  ["the server's HTML for readers", announcementHtml],
];

describe.each(RENDERINGS)('announcement Markdown in %s', (_name, render) => {
  /** The markup, as a DOM to query (assigning innerHTML runs no script). */
  function renderBody(markdown: string): HTMLElement {
    const container = document.createElement('div');
    container.innerHTML = render(markdown);
    return container;
  }

  it('renders headings, emphasis, lists and links', () => {
    const body = renderBody(
      '# Planning week\n\nIt starts **Monday**.\n\n- one\n- two\n\n[Agenda](https://example.com/agenda)',
    );
    expect(body.querySelector('h4')?.textContent).toBe('Planning week');
    expect(body.querySelector('strong')?.textContent).toBe('Monday');
    expect(body.querySelectorAll('li')).toHaveLength(2);
    const link = body.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/agenda');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('keeps links inside the product in the same tab', () => {
    const link = renderBody('[Projects](/projects)').querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/projects');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('never renders raw HTML: no script, no image with an event handler', () => {
    const body = renderBody(
      'Before\n\n<script>window.hacked = true</script>\n\n<img src="x" onerror="window.hacked = true">\n\n' +
        'Inline <b onclick="alert(1)">bold</b> and <iframe src="https://example.com"></iframe> after',
    );
    expect(body.querySelector('script, img, iframe, b')).toBeNull();
    expect(body.innerHTML).not.toMatch(/onerror|onclick|<script/i);
    // Dropped, not shown as text either.
    expect(body.textContent).not.toContain('hacked');
    expect(body.textContent).toContain('Before');
    expect(body.textContent).toContain('after');
  });

  it('refuses javascript: and data: URLs in links and images', () => {
    const body = renderBody(
      '[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [z](data:text/html;base64,PHNjcmlwdD4=) ![i](javascript:alert(1))',
    );
    for (const element of body.querySelectorAll('a, img')) {
      const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      expect(url).not.toMatch(/^\s*(javascript|data):/i);
    }
    expect(body.innerHTML).not.toMatch(/javascript:/i);
  });
});

it('renders an empty or blank body as nothing, for the card to leave out', () => {
  expect(announcementHtml('')).toBe('');
  expect(announcementHtml('  \n ')).toBe('');
});
