// The HTTP route table: method and path patterns (`:name`, trailing `*`) to handlers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendText } from './send.ts';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** Percent-decoded path, already checked against traversal (see requestTarget.ts). */
  pathname: string;
  query: URLSearchParams;
  /** `:name` captures by name; a trailing `*` capture is under `rest`. */
  params: Readonly<Record<string, string>>;
}

type Handler = (ctx: RequestContext) => void | Promise<void>;

export interface Route {
  /** GET routes also answer HEAD. */
  methods: readonly Method[];
  /**
   * Segment pattern: literal segments, `:name` for exactly one segment, and a final `*`
   * for one or more remaining segments (`/maps/*` matches `/maps/` but not `/maps`).
   */
  pattern: string;
  handler: Handler;
}

type Matcher = (segments: readonly string[]) => Record<string, string> | null;

function compile(pattern: string): Matcher {
  const parts = pattern.split('/').slice(1);
  const wildcard = parts.at(-1) === '*';
  const fixed = wildcard ? parts.slice(0, -1) : parts;
  return (segments) => {
    if (wildcard ? segments.length <= fixed.length : segments.length !== fixed.length) return null;
    const params: Record<string, string> = {};
    for (const [i, part] of fixed.entries()) {
      const segment = segments[i] ?? '';
      if (part.startsWith(':')) params[part.slice(1)] = segment;
      else if (part !== segment) return null;
    }
    if (wildcard) params.rest = segments.slice(fixed.length).join('/');
    return params;
  };
}

function allowedMethods(route: Route): readonly Method[] {
  return route.methods.includes('GET') && !route.methods.includes('HEAD') ? [...route.methods, 'HEAD'] : route.methods;
}

/**
 * A route table: the first route whose pattern and method match handles the request.
 * A path that matches only with other methods gets 405 with `Allow`; anything else 404.
 */
export function createRouter(routes: readonly Route[]): (ctx: Omit<RequestContext, 'params'>) => Promise<void> {
  const table = routes.map((route) => ({ route, match: compile(route.pattern), methods: allowedMethods(route) }));
  return async (ctx) => {
    const segments = ctx.pathname.split('/').slice(1);
    const allow = new Set<Method>();
    for (const { route, match, methods } of table) {
      const params = match(segments);
      if (!params) continue;
      if (methods.includes(ctx.req.method as Method)) return route.handler({ ...ctx, params });
      for (const method of methods) allow.add(method);
    }
    if (allow.size > 0) sendText(ctx.res, 405, 'Method Not Allowed', { Allow: [...allow].join(', ') });
    else sendText(ctx.res, 404, 'Not Found');
  };
}
