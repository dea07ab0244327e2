// Announcement bodies rendered to HTML on the server, by the same Markdown rules as the preview
// (announcement-markdown.tsx): raw HTML dropped, scripting URLs refused, other sites' links in a new tab.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AnnouncementMarkdownContent } from './announcement-markdown';

export function announcementHtml(body: string): string {
  return body.trim() ? renderToStaticMarkup(createElement(AnnouncementMarkdownContent, { children: body })) : '';
}
