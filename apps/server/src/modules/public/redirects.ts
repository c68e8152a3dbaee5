import { Type } from '@sinclair/typebox';
import { recordActivity } from '../../core/activity/record.js';
import { addFieldError, Conflict, fieldErrors, NotFound, ValidationFailed } from '../../core/errors.js';
import { emitSiteEvent } from '../../core/events/site-events.js';
import type { App } from '../../core/http/app-type.js';
import { type Page, PageQuery } from '../../core/http/envelope.js';
import { IdParams, Nullable } from '../../core/http/input-schemas.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { requirePermission } from '../identity/actor.js';
import { RedirectPaths } from './redirect-paths.js';
import { type RedirectRow, RedirectsRepo } from './repo-redirects.js';

const MANAGE = 'redirects.manage';

export interface RedirectInput {
  from: string;
  to?: string | null;
  status?: 301 | 302 | 307 | 308 | 410;
}

export interface RedirectView {
  id: number;
  from: string;
  to: string | null;
  status: number;
  hits: number;
  last_hit_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A path as redirects match it: one leading slash, no trailing one (but the root), no query. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * Redirects set by hand (as WordPress's Redirection plugin keeps them): an old address of the site
 * sent to a new one (301, 302, 307, 308) or answered 410 Gone. They win over what the site would
 * serve at that address; every change drops the site's cached pages.
 */
export class RedirectsService {
  private readonly paths: RedirectPaths;

  constructor(private readonly runtime: Runtime) {
    this.paths = new RedirectPaths((siteId) => new RedirectsRepo(runtime.data.site(siteId)).paths());
    runtime.caches.register(
      'redirects',
      () => this.paths.clear(),
      (siteId) => this.paths.forget(siteId as number),
    );
  }

  async list(ctx: OperationContext, page: number, limit: number): Promise<Page<RedirectView>> {
    requirePermission(ctx.actor, MANAGE);
    const { rows, total } = await new RedirectsRepo(ctx.db).page(page, limit);
    return { items: rows.map(viewOf), total };
  }

  async create(ctx: OperationContext, input: RedirectInput): Promise<RedirectView> {
    requirePermission(ctx.actor, MANAGE);
    const checked = check(input);
    return ctx.transaction(async () => {
      const repo = new RedirectsRepo(ctx.db);
      if (await repo.byPath(checked.from_path)) throw taken(checked.from_path);
      const at = new Date().toISOString();
      const id = await repo.insert({ ...checked, created_at: at, updated_at: at });
      await this.changed(ctx, 'redirect.created', id, checked.from_path);
      return viewOf((await repo.byId(id)) as RedirectRow);
    });
  }

  async update(ctx: OperationContext, id: number, input: Partial<RedirectInput>): Promise<RedirectView> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new RedirectsRepo(ctx.db);
    const current = await repo.byId(id);
    if (!current) throw new NotFound(`Redirect ${id}`, 'redirect_not_found');
    const checked = check({
      from: input.from ?? current.from_path,
      to: input.to === undefined ? current.to_url : input.to,
      status: input.status ?? (current.status as RedirectInput['status']),
    });
    return ctx.transaction(async () => {
      const other = await repo.byPath(checked.from_path);
      if (other && other.id !== id) throw taken(checked.from_path);
      await repo.update(id, { ...checked, updated_at: new Date().toISOString() });
      await this.changed(ctx, 'redirect.updated', id, checked.from_path);
      return viewOf((await repo.byId(id)) as RedirectRow);
    });
  }

  async delete(ctx: OperationContext, id: number): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new RedirectsRepo(ctx.db);
    const current = await repo.byId(id);
    if (!current) throw new NotFound(`Redirect ${id}`, 'redirect_not_found');
    await ctx.transaction(async () => {
      await repo.delete(id);
      await this.changed(ctx, 'redirect.deleted', id, current.from_path);
    });
  }

  /** The redirect of a path on the public site, counted as used; null when there is none. */
  async follow(site: Site, path: string): Promise<{ status: number; to: string | null } | null> {
    const from = normalizePath(path);
    if (!(await this.paths.mayRedirect(site.id, from))) return null;
    const repo = new RedirectsRepo(this.runtime.data.site(site.id));
    const found = await repo.byPath(from);
    if (!found) return null;
    await repo.countHit(found.id, new Date().toISOString());
    return { status: found.status, to: found.to_url === null ? null : asLocation(found.to_url) };
  }

  /** After the write: every process drops the site's set of redirected addresses. */
  private async changed(ctx: OperationContext, action: string, id: number, from: string) {
    ctx.afterCommit(() => this.runtime.caches.forget('redirects', ctx.site.id));
    await recordActivity(this.runtime.data, ctx.site.id, {
      userId: ctx.actor.userId,
      action,
      subjectType: 'redirect',
      subjectId: id,
      ip: ctx.actor.ip,
      details: { from },
    });
    await emitSiteEvent(ctx, action, { id, from });
  }
}

/** Spaces, line breaks and other control characters: in a Location header they would split or break it. */
const UNSAFE_IN_ADDRESS = /[\u0000-\u0020\u007f]/;
const UNSAFE_MESSAGE = 'Must not contain spaces, line breaks or control characters: encode them (%20).';

/**
 * The target as a Location header carries it: characters past ASCII percent-encoded (a header holds
 * bytes, and Node refuses most of them), whatever an older version of the checks let in.
 */
function asLocation(to: string): string {
  return to.replace(/[^\u0021-\u007e]/gu, (character) => encodeURIComponent(character));
}

function check(input: RedirectInput) {
  const errors = fieldErrors();
  const status = input.status ?? 301;
  const from = normalizePath(input.from);
  if (UNSAFE_IN_ADDRESS.test(input.from)) addFieldError(errors, 'from', UNSAFE_MESSAGE);
  else if (!input.from.startsWith('/'))
    addFieldError(errors, 'from', 'A path of this site, starting with /.');
  if (from === '/') addFieldError(errors, 'from', 'The home page cannot be redirected.');
  if (from.startsWith('/api/') || from.startsWith('/media/') || from.startsWith('/_preview/'))
    addFieldError(errors, 'from', 'Addresses of the API, media files and previews cannot be redirected.');
  const to = input.to?.trim() || null;
  if (status === 410) {
    if (to !== null) addFieldError(errors, 'to', 'A 410 Gone sends nowhere: leave `to` empty.');
  } else if (to === null)
    addFieldError(errors, 'to', 'Where to send visitors: a path of this site or an http(s) URL.');
  else if (UNSAFE_IN_ADDRESS.test(to)) addFieldError(errors, 'to', UNSAFE_MESSAGE);
  else if (!/^\/(?!\/)/.test(to) && !(/^https?:\/\//i.test(to) && URL.canParse(to)))
    addFieldError(errors, 'to', 'A path of this site (starting with /) or an http(s) URL.');
  else if (to.startsWith('/') && normalizePath(to) === from)
    addFieldError(errors, 'to', 'It would send visitors back to the same address.');
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return { from_path: from, to_url: status === 410 ? null : to, status };
}

function taken(from: string) {
  return new Conflict(`${from} is redirected already.`, 'redirect_exists', {
    from: ['This address has a redirect already.'],
  });
}

function viewOf(row: RedirectRow): RedirectView {
  return {
    id: row.id,
    from: row.from_path,
    to: row.to_url,
    status: row.status,
    hits: row.hits,
    last_hit_at: row.last_hit_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const Status = Type.Union(
  [Type.Literal(301), Type.Literal(302), Type.Literal(307), Type.Literal(308), Type.Literal(410)],
  {
    description:
      '301 moved for good (default), 302 or 307 for now, 308 for good keeping the method, 410 gone',
  },
);
const From = Type.String({ minLength: 1, maxLength: 2000, description: 'A path of the site: /old-page' });
const To = Nullable(Type.String({ maxLength: 2000 }), 'A path of the site or an http(s) URL; null for 410');
const RedirectSchema = Type.Object({
  id: Type.Integer(),
  from: Type.String(),
  to: Nullable(Type.String()),
  status: Type.Integer(),
  hits: Type.Integer(),
  last_hit_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** /api/redirects (redirects.manage). */
export function redirectRoutes(app: App, runtime: Runtime, redirects: RedirectsService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'site');
  const manage = { permission: MANAGE } as const;
  routes.list(
    '/api/redirects',
    {
      ...manage,
      summary: "The site's redirects, by old address, with how often each was followed",
      querystring: Type.Object(PageQuery(), { additionalProperties: false }),
      data: RedirectSchema,
    },
    (ctx, { query }) => redirects.list(ctx, query.page, query.limit),
  );
  routes.post(
    '/api/redirects',
    {
      ...manage,
      summary: 'Redirect an old address (it wins over what the site would serve there), or mark it gone',
      body: Type.Object(
        { from: From, to: Type.Optional(To), status: Type.Optional(Status) },
        { additionalProperties: false },
      ),
      data: RedirectSchema,
      status: 201,
    },
    (ctx, { body }) => redirects.create(ctx, body),
  );
  routes.put(
    '/api/redirects/:id',
    {
      ...manage,
      summary: 'Change a redirect: only the fields sent',
      params: IdParams,
      body: Type.Object(
        { from: Type.Optional(From), to: Type.Optional(To), status: Type.Optional(Status) },
        { additionalProperties: false, minProperties: 1 },
      ),
      data: RedirectSchema,
    },
    (ctx, { params, body }) => redirects.update(ctx, params.id, body),
  );
  routes.delete(
    '/api/redirects/:id',
    { ...manage, summary: 'Delete a redirect', params: IdParams },
    (ctx, { params }) => redirects.delete(ctx, params.id),
  );
}
