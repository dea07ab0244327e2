// Reads the build's stylesheets for PageStyles, once each: only files under /assets/ ending in .css, from the client
// build beside the server build. Without a build (the development server) there is nothing to read, and the page
// links its stylesheets instead.
import { readFileSync } from 'node:fs';
import type { StylesheetReader } from './page-styles';

export function buildStylesheetReader(clientBuildUrl: URL): StylesheetReader {
  const cache = new Map<string, string | undefined>();
  return (href) => {
    if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return undefined;
    if (!cache.has(href)) {
      let css: string | undefined;
      try {
        css = readFileSync(new URL(`.${href}`, clientBuildUrl), 'utf8');
      } catch {
        css = undefined;
      }
      cache.set(href, css);
    }
    return cache.get(href);
  };
}
