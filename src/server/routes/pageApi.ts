// The routes of the provider's JSON page API (the spec's "router"), `/{product}/v2/router` and
// `/{product}/v2/router.php` (SPEC.md §7 names both), GET and form-encoded POST. The pages live in
// ../pageApi/.
import { withCors } from '../http/cors.ts';
import type { Route } from '../http/routeTable.ts';
import { createRouterHandler, type RouterHandlerOptions } from '../pageApi/index.ts';

type RouterRouteOptions = RouterHandlerOptions;

export function routerRoutes(options: RouterRouteOptions): Route[] {
  if (!/^[a-z][a-z0-9_]*$/.test(options.product)) throw new Error(`product must be a lowercase id, got "${options.product}"`);
  const handler = createRouterHandler(options);
  return withCors(['router', 'router.php'].map((name) => ({ methods: ['GET', 'POST'] as const, pattern: `/${options.product}/v2/${name}`, handler })));
}
