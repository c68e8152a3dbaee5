import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationContext } from '../operation/operation-context.js';
import { answerEndsAt } from './answer-caching.js';
import type { App } from './app-type.js';
import { Envelope, ListEnvelope, listBody, one, type Page, ResourceErrors } from './envelope.js';
import { keepRawBody } from './raw-body.js';
import type { RateLimitGroup } from './route-config.js';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How the answer is shaped: one resource, a page of a list, or no body (204). */
export type AnswerShape = 'one' | 'list' | 'none';

/** What a site route declares; the helper adds the envelope and the shared error answers. */
export interface SiteRouteSpec<P extends TSchema, Q extends TSchema, B extends TSchema, D extends TSchema> {
  /** A permission id from the catalogue, `authenticated` or `public`: required, as on every route. */
  permission: string;
  summary: string;
  description?: string;
  rateLimit?: RateLimitGroup;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The schema of `data` in the answer (of one item, for a list); it also filters what is sent. */
  data: D;
  /** 200 by default; 201 for a creation, 202 for work accepted; `204` sends no body (`data` ignored). */
  status?: 200 | 201 | 202 | 204;
  /** Session requests to this route skip the CSRF check (for sign-in itself). */
  csrf?: 'skip';
  /** Open to a user who must still set up two-step sign-in (see RouteAccess.twoFactor). */
  twoFactor?: 'setup';
  /** Keep the request's bytes as they came (`rawBodyOf(request)`), for a signature made over them. */
  rawBody?: boolean;
  /**
   * A GET whose answers are kept per caller and dropped by the site's changes (answer-caching.ts):
   * only for answers made of the site's data and the caller's identity and permissions, nothing
   * else (no sentence in the caller's language, no time of day). `until` says when an answer stops
   * being right by itself (ms since the epoch: an edit lock lapsing).
   */
  cache?: { until?: (result: never) => number | undefined };
}

/** A spec for routes that answer no body. */
export type NoContentSpec<P extends TSchema, Q extends TSchema, B extends TSchema> = Omit<
  SiteRouteSpec<P, Q, B, TSchema>,
  'data' | 'status'
>;

export interface SiteRouteInput<P extends TSchema, Q extends TSchema, B extends TSchema> {
  params: Static<P>;
  query: Static<Q>;
  body: Static<B>;
  /** For what the envelope does not carry (headers, cookies); the helper sends the body. */
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<P extends TSchema, Q extends TSchema, B extends TSchema, R> = (
  ctx: OperationContext,
  input: SiteRouteInput<P, Q, B>,
) => Promise<R>;

/** A list's query carries the page and limit of spec 2.4 (see `PageQuery`). */
type ListQuery = TSchema & { static: { page: number; limit: number } };

/**
 * The routes of one module on the request's site. Each handler receives the operation's context
 * (site and actor never null: an anonymous visitor on public routes) and its typed input, and
 * returns the resource: the helper wraps it in the envelope, sets the status and declares the error
 * answers in the OpenAPI document, so a route is its spec and one call into its service.
 *
 * @example
 *   const routes = siteRoutes(app, runtime, 'jobs');
 *   routes.get('/api/jobs/:id', { permission: 'jobs.manage', summary: 'One job', params: JobParams,
 *     data: JobView }, (ctx, { params }) => jobs.get(ctx, params.id));
 */
export interface SiteRoutes {
  get<P extends TSchema, Q extends TSchema, D extends TSchema>(
    url: string,
    spec: SiteRouteSpec<P, Q, TSchema, D>,
    handler: Handler<P, Q, TSchema, Static<D>>,
  ): void;
  /** A GET of a page of items: the handler returns `{ items, total }`, the answer carries the meta. */
  list<P extends TSchema, Q extends ListQuery, D extends TSchema>(
    url: string,
    spec: SiteRouteSpec<P, Q, TSchema, D>,
    handler: Handler<P, Q, TSchema, Page<Static<D>>>,
  ): void;
  post<P extends TSchema, Q extends TSchema, B extends TSchema, D extends TSchema>(
    url: string,
    spec: SiteRouteSpec<P, Q, B, D>,
    handler: Handler<P, Q, B, Static<D>>,
  ): void;
  put<P extends TSchema, Q extends TSchema, B extends TSchema, D extends TSchema>(
    url: string,
    spec: SiteRouteSpec<P, Q, B, D>,
    handler: Handler<P, Q, B, Static<D>>,
  ): void;
  patch<P extends TSchema, Q extends TSchema, B extends TSchema, D extends TSchema>(
    url: string,
    spec: SiteRouteSpec<P, Q, B, D>,
    handler: Handler<P, Q, B, Static<D>>,
  ): void;
  /** Answers 204 with no body once the handler resolves. */
  delete<P extends TSchema, Q extends TSchema, B extends TSchema>(
    url: string,
    spec: NoContentSpec<P, Q, B>,
    handler: Handler<P, Q, B, unknown>,
  ): void;
  /** A POST that answers 204 with no body (sign-out, revoke). */
  action<P extends TSchema, Q extends TSchema, B extends TSchema>(
    url: string,
    spec: NoContentSpec<P, Q, B>,
    handler: Handler<P, Q, B, unknown>,
  ): void;
}

/** What the helper needs to build an operation from a request. */
export type OperationOfRequest = (request: FastifyRequest) => OperationContext;

export function siteRoutes(app: App, operationOf: OperationOfRequest, tag: string): SiteRoutes {
  const route =
    (method: RouteMethod, shape: AnswerShape) =>
    (url: string, spec: object, handler: Handler<TSchema, TSchema, TSchema, unknown>) =>
      addSiteRoute(app, operationOf, tag, { method, url, shape, spec: spec as AnySpec }, handler);
  return {
    get: route('GET', 'one'),
    list: route('GET', 'list'),
    post: route('POST', 'one'),
    put: route('PUT', 'one'),
    patch: route('PATCH', 'one'),
    delete: route('DELETE', 'none'),
    action: route('POST', 'none'),
  } as SiteRoutes;
}

type AnySpec = SiteRouteSpec<TSchema, TSchema, TSchema, TSchema>;

/** One route of `siteRoutes`, for callers that choose method and answer shape at run time (plugins). */
export function addSiteRoute(
  app: App,
  operationOf: OperationOfRequest,
  tag: string,
  route: { method: RouteMethod; url: string; shape: AnswerShape; spec: AnySpec },
  handler: Handler<TSchema, TSchema, TSchema, unknown>,
): void {
  const { method, url, shape, spec } = route;
  if (!spec.permission) throw new Error(`route ${method} ${url} declares no permission`);
  const status = shape === 'none' ? 204 : (spec.status ?? 200);
  const answer =
    status === 204 ? Type.Null() : shape === 'list' ? ListEnvelope(spec.data) : Envelope(spec.data);
  app.route({
    method,
    url,
    config: {
      permission: spec.permission,
      ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}),
      ...(spec.csrf ? { csrf: spec.csrf } : {}),
      ...(spec.twoFactor ? { twoFactor: spec.twoFactor } : {}),
      ...(spec.cache && method === 'GET' ? { answers: 'cache' as const } : {}),
    },
    schema: {
      tags: [tag],
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      response: { [status]: answer, ...ResourceErrors },
    },
    ...(spec.rawBody ? { preParsing: keepRawBody } : {}),
    handler: async (request, typedReply) => {
      // The answer's schema is built at run time, so the type provider cannot type the reply.
      const reply = typedReply as unknown as FastifyReply;
      const query = request.query as { page: number; limit: number };
      const result = await handler(operationOf(request), {
        params: request.params,
        query,
        body: request.body,
        request,
        reply,
      });
      // The handler answered itself (a plugin's file to download).
      if (reply.sent) return reply;
      const until = spec.cache?.until;
      if (until) answerEndsAt(request, (until as (result: unknown) => number | undefined)(result));
      if (status === 204) return reply.code(204).send(null);
      const body =
        shape === 'list' ? listBody(result as Page<unknown>, query.page, query.limit) : one(result);
      return reply.code(status).send(body);
    },
  });
}
