import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../access/secrets.js';
import type { Runtime } from '../runtime.js';
import { DatabaseVisitorStore } from './database-visitor-store.js';
import { RedisVisitorStore } from './redis-visitor-store.js';
import { VISITOR_COOKIE, VisitorCookies } from './visitor-cookie.js';
import type { VisitorRecord, VisitorStore } from './visitor-store.js';

/** How long a visitor's session lasts from its start (a sign-in starts a new one). */
export const VISITOR_SESSION_DAYS = 30;
/** What a session may keep: a cart, a few preferences; not a place for files. */
export const VISITOR_DATA_MAX_BYTES = 16 * 1024;
// Noting each visit would turn every read into a write.
const TOUCH_AFTER_MS = 3_600_000;

/** A visitor of the public site who has a session: what the site keeps for them, and their account. */
export interface Visitor {
  /** The site account signed in with this session; null for a visitor who has not signed in. */
  readonly accountId: number | null;
  /** What the site keeps for the visitor (a cart); an object of JSON values. */
  readonly data: Readonly<Record<string, unknown>>;
  readonly startedAt: string;
  readonly lastSeenAt: string;
  readonly expiresAt: string;
}

/** Requests whose answer depends on the visitor: they must never be shared (visitorWasRead). */
const personal = new WeakSet<FastifyRequest>();
/** Each request reads the store once, whoever asks. */
const loaded = new WeakMap<FastifyRequest, Promise<VisitorRecord | null>>();

/**
 * Visitors' sessions of the public site, apart from the admin's sessions and never holding an admin
 * permission: a signed, HttpOnly, SameSite=Lax cookie (Secure over https) set only when something
 * asks for one (`start`, `setData`, `signIn`), its session kept server-side (the database, or Redis
 * when REDIS_URL is set). A visitor without the cookie costs nothing: `read` answers null without a
 * lookup, and the pages they get stay shared and cached. Reading, starting or ending a session marks
 * the request's answer as the visitor's own (`visitorWasRead`): the public site then answers it
 * `private, no-store` and keeps it out of the page cache, cookie or not, since the page says what
 * the session holds (an empty cart to a visitor without one is no page to show the others).
 */
export class VisitorSessions {
  private readonly cookies: VisitorCookies;

  constructor(
    private readonly store: VisitorStore,
    key: () => Buffer,
  ) {
    this.cookies = new VisitorCookies(key);
  }

  /** The visitor of this request, or null when no valid session cookie of its site came with it. */
  async read(request: FastifyRequest): Promise<Visitor | null> {
    personal.add(request);
    const record = await this.current(request);
    return record ? asVisitor(record) : null;
  }

  /**
   * Starts a session for the visitor and sets its cookie: a new one, whatever they had (its data is
   * not carried over; `signIn` carries it).
   */
  async start(
    request: FastifyRequest,
    reply: FastifyReply,
    data: Record<string, unknown> = {},
  ): Promise<Visitor> {
    const before = await this.current(request);
    return asVisitor(await this.open(request, reply, data, null, before));
  }

  /** Replaces what the site keeps for the visitor, starting a session for them if they have none. */
  async setData(
    request: FastifyRequest,
    reply: FastifyReply,
    data: Record<string, unknown>,
  ): Promise<Visitor> {
    const record = await this.current(request);
    if (!record) return this.start(request, reply, data);
    const updated = { ...record, data: checkedData(data), lastSeenAt: new Date().toISOString() };
    await this.store.update(updated);
    loaded.set(request, Promise.resolve(updated));
    return asVisitor(updated);
  }

  /**
   * Signs a site account in: a new session (a new cookie, so an id known before signing in can never
   * be fixated on the account), carrying what the visitor's session held, such as their cart.
   */
  async signIn(request: FastifyRequest, reply: FastifyReply, accountId: number): Promise<Visitor> {
    const before = await this.current(request);
    return asVisitor(await this.open(request, reply, before?.data ?? {}, accountId, before));
  }

  /** Ends the visitor's session and clears its cookie (signing out; a cart dropped). */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const record = await this.current(request);
    if (record) await this.store.remove(record.siteId, record.id);
    loaded.set(request, Promise.resolve(null));
    clearVisitorCookie(request, reply);
  }

  /**
   * Ends every session of a site account on its site (signing out everywhere, a suspension, a
   * deletion), but the request's own when `keep` is given (a password changed from it).
   */
  async endAllOfAccount(
    siteId: number,
    accountId: number,
    keep: FastifyRequest | null = null,
  ): Promise<number> {
    const kept = keep ? await this.current(keep) : null;
    return this.store.removeAllOfAccount(siteId, accountId, kept?.accountId === accountId ? kept.id : null);
  }

  purgeExpired(): Promise<number> {
    return this.store.purgeExpired(new Date().toISOString());
  }

  private current(request: FastifyRequest): Promise<VisitorRecord | null> {
    let record = loaded.get(request);
    if (!record) {
      record = this.lookUp(request);
      loaded.set(request, record);
    }
    return record;
  }

  private async lookUp(request: FastifyRequest): Promise<VisitorRecord | null> {
    const site = request.site;
    const id = site ? this.cookies.idOf(site.id, request.cookies[VISITOR_COOKIE]) : null;
    if (!site || id === null) return null;
    const record = await this.store.find(site.id, id);
    const now = new Date();
    if (record && now.getTime() - Date.parse(record.lastSeenAt) > TOUCH_AFTER_MS) {
      record.lastSeenAt = now.toISOString();
      await this.store.touch(site.id, id, record.lastSeenAt);
    }
    return record;
  }

  private async open(
    request: FastifyRequest,
    reply: FastifyReply,
    data: Record<string, unknown>,
    accountId: number | null,
    before: VisitorRecord | null,
  ): Promise<VisitorRecord> {
    const site = request.site;
    if (!site) throw new Error('A visitor session belongs to a site: this request has none.');
    personal.add(request);
    const cookie = this.cookies.issue(site.id);
    const at = new Date();
    const record: VisitorRecord = {
      id: cookie.id,
      siteId: site.id,
      accountId,
      data: checkedData(data),
      createdAt: at.toISOString(),
      lastSeenAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + VISITOR_SESSION_DAYS * 86_400_000).toISOString(),
    };
    await this.store.create(record);
    if (before) await this.store.remove(before.siteId, before.id);
    loaded.set(request, Promise.resolve(record));
    reply.setCookie(VISITOR_COOKIE, cookie.value, {
      ...cookieOptions(request),
      maxAge: VISITOR_SESSION_DAYS * 86_400,
    });
    return record;
  }
}

/**
 * Whether the request's answer depends on its visitor's session: it read, started, changed or ended
 * one. The public site never shares such an answer (answered `private, no-store`, not cached).
 */
export function visitorWasRead(request: FastifyRequest): boolean {
  return personal.has(request);
}

function cookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

function clearVisitorCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[VISITOR_COOKIE] !== undefined)
    reply.clearCookie(VISITOR_COOKIE, cookieOptions(request));
}

function asVisitor(record: VisitorRecord): Visitor {
  return {
    accountId: record.accountId,
    data: record.data,
    startedAt: record.createdAt,
    lastSeenAt: record.lastSeenAt,
    expiresAt: record.expiresAt,
  };
}

function checkedData(data: Record<string, unknown>): Record<string, unknown> {
  const text = JSON.stringify(data);
  if (text === undefined || typeof data !== 'object' || data === null || Array.isArray(data))
    throw new TypeError("A visitor's session data is an object of JSON values.");
  if (Buffer.byteLength(text) > VISITOR_DATA_MAX_BYTES)
    throw new RangeError(`A visitor's session keeps at most ${VISITOR_DATA_MAX_BYTES} bytes of data.`);
  return JSON.parse(text) as Record<string, unknown>;
}

const byRuntime = new WeakMap<Runtime, VisitorSessions>();

/** The runtime's visitor sessions: in Redis when REDIS_URL is set, else in the database. */
export function visitorSessionsOf(runtime: Runtime): VisitorSessions {
  let sessions = byRuntime.get(runtime);
  if (!sessions) {
    // Keys named after the installation's secret: installations sharing one Redis keep apart.
    const store = runtime.config.redisUrl
      ? new RedisVisitorStore(
          runtime.config.redisUrl,
          () =>
            `tessera:visitor:${sha256(runtime.secrets.derive('visitor-store').toString('hex')).slice(0, 16)}:`,
        )
      : new DatabaseVisitorStore(runtime.data);
    runtime.onClose(() => store.close());
    let key: Buffer | null = null;
    sessions = new VisitorSessions(store, () => {
      key ??= runtime.secrets.derive('visitor-cookies');
      return key;
    });
    byRuntime.set(runtime, sessions);
  }
  return sessions;
}

/** The visitor of a request of the public site (null without a session): `visitorSessionsOf(runtime).read`. */
export function visitorOf(runtime: Runtime, request: FastifyRequest): Promise<Visitor | null> {
  return visitorSessionsOf(runtime).read(request);
}
