// An announcement's Markdown body as safe, styled content: raw HTML is dropped (never rendered), URLs with
// scripting protocols are refused, and links to other sites open in a new tab without access to this one.
import { Typography } from '@mantine/core';
import type { ComponentProps } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import classes from './announcement-markdown.module.css';

// Headings inside an announcement rank below its title (a level-3 heading): "# News" becomes a level-4 heading.
const heading = (level: 4 | 5 | 6) => {
  const Tag = `h${level}` as const;
  return function Heading({ node: _node, ...props }: ComponentProps<'h4'> & { node?: unknown }) {
    return <Tag {...props} />;
  };
};

function Link({ node: _node, href, children, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  const external = /^(https?:)?\/\//i.test(href ?? '');
  return (
    <a {...props} href={href} rel="noopener noreferrer" target={external ? '_blank' : undefined}>
      {children}
    </a>
  );
}

// An image whose URL was refused has none left; an empty src would make the browser fetch the page itself again.
function Image({ node: _node, src, alt, ...props }: ComponentProps<'img'> & { node?: unknown }) {
  return src ? <img {...props} src={src} alt={alt ?? ''} /> : null;
}

const COMPONENTS: Components = {
  h1: heading(4),
  h2: heading(5),
  h3: heading(6),
  h4: heading(6),
  h5: heading(6),
  h6: heading(6),
  a: Link,
  img: Image,
};

/** The body's Markdown as bare elements: what the server renders to HTML for reading (announcement-html.server.ts). */
export function AnnouncementMarkdownContent({ children }: { children: string }) {
  return (
    <Markdown skipHtml urlTransform={defaultUrlTransform} components={COMPONENTS}>
      {children}
    </Markdown>
  );
}

/** The body rendered in the browser, styled as read: the preview while writing. */
export function AnnouncementMarkdown({ children }: { children: string }) {
  return (
    <Typography className={classes.body}>
      <AnnouncementMarkdownContent>{children}</AnnouncementMarkdownContent>
    </Typography>
  );
}
