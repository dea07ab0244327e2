// React Router's route manifest as the build writes it, and what the weight check reads from it: each page's URL
// with the routes from the root down to it, and its budget.

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

export interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/**
 * Budgets in KB of gzipped JavaScript. The first page a visitor loads (sign in) is held tightest; the signed-in
 * pages that edit plans (forms, date pickers, the planner) have room for what they need, a little above today.
 */
const BUDGETS: Record<string, number> = {
  '/login': 150,
  '/signup': 160,
  '/': 245,
  '/projects': 305,
  '/profile': 370,
  '/projects/:id': 375,
  '/user-allocations': 340,
};
const DEFAULT_BUDGET = 300;

export function budgetOf(url: string): number {
  return BUDGETS[url] ?? DEFAULT_BUDGET;
}

/** Every page (a route with no child routes, or an index route), with its URL and the chain from the root. */
export function routePaths(manifest: Manifest): { url: string; chain: ManifestRoute[] }[] {
  const routes = Object.values(manifest.routes);
  const parents = new Set(routes.map((route) => route.parentId).filter(Boolean));
  const pages = routes.filter((route) => route.index || !parents.has(route.id));
  return pages
    .map((page) => {
      const chain: ManifestRoute[] = [];
      for (
        let route: ManifestRoute | undefined = page;
        route;
        route = route.parentId ? manifest.routes[route.parentId] : undefined
      ) {
        chain.unshift(route);
      }
      const url = `/${chain
        .map((route) => route.path ?? '')
        .filter(Boolean)
        .join('/')}`.replace(/\/+/g, '/');
      return { url, chain };
    })
    .sort((a, b) => a.url.localeCompare(b.url));
}
