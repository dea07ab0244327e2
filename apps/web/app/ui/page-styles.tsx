// The stylesheets of the matched routes, written into the page itself on a first load. A phone on a slow connection
// would otherwise open a connection per stylesheet and wait for every one of them before painting anything; inside
// the document they arrive with it. After that first load, pages reached by navigating in the app add their
// stylesheets as ordinary links (React Router loads them before showing the page).
import { createContext, Fragment, useContext, useMemo } from 'react';
import { UNSAFE_FrameworkContext as FrameworkContext, useMatches } from 'react-router';

/** On the server: the text of one of the build's stylesheets by its URL, or undefined when there is none to read. */
export type StylesheetReader = (href: string) => string | undefined;

export const StylesheetReaderContext = createContext<StylesheetReader | null>(null);

/**
 * In the browser: the stylesheets the server wrote into this document, by URL, read once before hydration. Each is
 * kept as the one object React is given for it on every render: React writes a style element's text again whenever
 * that object is a new one, and the browser then reads the whole stylesheet again.
 */
const writtenOnLoad: ReadonlyMap<string, { __html: string }> =
  typeof document === 'undefined'
    ? new Map()
    : new Map(
        Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-href]'), (style) => [
          style.dataset.href ?? '',
          { __html: style.textContent ?? '' },
        ]),
      );

/** React Router marks some stylesheet URLs with a trailing `#` to tell two links to one file apart. */
const fileOf = (href: string) => href.replace(/#$/, '');

/**
 * Each stylesheet of the matched routes once: written into the page when its text is at hand (on the server, or in
 * the browser when the server wrote it), linked otherwise. A written one also gets disabled links to its URL, which
 * the browser does not fetch: React Router loads the stylesheets of the next page before showing it unless the
 * document already links them (by the URL exactly as its manifest writes it, with or without the `#`), and this is
 * how it finds that the file is here already.
 */
export function PageStyles() {
  const framework = useContext(FrameworkContext);
  const readStylesheet = useContext(StylesheetReaderContext);
  const matches = useMatches();
  const files = useMemo(
    () => [...new Set(matches.flatMap((match) => framework?.manifest.routes[match.id]?.css ?? []).map(fileOf))],
    [framework, matches],
  );
  return files.map((file) => {
    const text = readStylesheet ? readStylesheet(file) : undefined;
    const css = text === undefined ? writtenOnLoad.get(file) : { __html: text };
    if (css === undefined) return <link key={file} rel="stylesheet" href={file} />;
    return (
      <Fragment key={file}>
        <style data-href={file} dangerouslySetInnerHTML={css} />
        <link rel="stylesheet" href={file} disabled />
        <link rel="stylesheet" href={`${file}#`} disabled />
      </Fragment>
    );
  });
}
