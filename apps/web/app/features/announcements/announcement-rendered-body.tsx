// An announcement's body as the server rendered it from Markdown (announcement-html.server.ts), styled as the preview
// is: reading announcements needs no Markdown parser in the browser, which was most of the home page's own JavaScript.
import { Typography } from '@mantine/core';
import classes from './announcement-markdown.module.css';

export function AnnouncementRenderedBody({ html }: { html: string }) {
  return <Typography className={classes.body} dangerouslySetInnerHTML={{ __html: html }} />;
}
