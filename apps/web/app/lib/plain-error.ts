// The plain-text body bots get instead of an error page: the same words as the page, nothing to render.
export function plainErrorBody(status: number, url: URL): string {
  if (status === 404) return `Page Not Found: ${url.pathname}${url.search}`;
  if (status >= 500) return 'Internal Server Error';
  return `Error ${status}`;
}
