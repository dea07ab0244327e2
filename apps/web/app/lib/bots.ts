// Who counts as a bot (crawlers, monitors, HTTP tools): isbot's list, except headless browsers, which run real
// pages (end-to-end tests, previews) and should get the same pages people do.
import { createIsbotFromList, list } from 'isbot';

export const isBotUserAgent = createIsbotFromList(list.filter((pattern) => pattern !== 'headless'));
