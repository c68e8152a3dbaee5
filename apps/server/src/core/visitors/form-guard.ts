import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement as h, type ReactElement } from 'react';
import { safeEqual } from '../access/secrets.js';
import { Forbidden } from '../errors.js';
import { installationLimiter, type RateLimiter } from '../http/rate-limit/rate-limiter.js';
import type { Runtime } from '../runtime.js';
import { postedFromThisSite } from './form-posts.js';

/** The hidden field a public form carries its token in. */
export const FORM_TOKEN_FIELD = 'form_token';

/**
 * How long a form's token is taken after its page was rendered: long enough to fill in a form over
 * a coffee, short enough that a token copied out of a page soon stops working.
 */
export const FORM_TOKEN_LIFETIME_MS = 2 * 3_600_000;

/**
 * How long a cached page may keep a form's token (a plugin's form block): half its lifetime, so a
 * visitor served the page from the cache still has an hour or more to fill the form in.
 */
export const CACHED_FORM_TOKEN_MS = FORM_TOKEN_LIFETIME_MS / 2;

/** Clocks of the instances sharing a database may disagree this much. */
const CLOCK_SKEW_MS = 60_000;

/** What a public form's name may be: lowercase letters, digits and `_.:-`. */
export const FORM_NAME = /^[a-z0-9][a-z0-9_.:-]{0,63}$/;

/** What a public form declares for its guard. */
export interface PublicFormPost {
  /**
   * Names the form: its tokens are good for it alone, and it has a budget of its own per address
   * (`accounts.sign_in`, `guestbook.sign`). Lowercase letters, digits and `_.:-`.
   */
  form: string;
  /** Posts one address may make to this form in a minute (a value of the owner's settings). */
  perMinute: number;
  /** What was posted (`postedValues`): the token is read from FORM_TOKEN_FIELD. */
  values: Readonly<Record<string, string>>;
}

/**
 * The protection of a POST from a page of the public site, where no admin session (and no CSRF
 * header) exists: the post must come from a page of the site (Origin, else Referer), carry a token
 * the site signed for this form within the last two hours, and fit the form's own budget per
 * address. Forged, stale and cross-site posts are refused with 403 and a code saying which check
 * failed; an address past its budget with 429. After a post it accepts, the form answers 303 to a
 * page (`seeOther`), so reloading that page posts nothing again.
 *
 * The token is an HMAC over the site, the form and the moment the page was rendered, keyed by a key
 * derived from the installation's secret: nothing is stored, any instance checks it, and it is
 * good on one site for one form only. It holds no visitor, so a page carrying it may be shared; its
 * two hours mean such a page must not stay in a cache longer (pages with forms are answered private).
 */
export class PublicForms {
  private key: Buffer | null = null;
  private readonly limiter: RateLimiter;

  constructor(private readonly runtime: Pick<Runtime, 'secrets' | 'rateLimits' | 'config'>) {
    this.limiter = installationLimiter(runtime);
  }

  /** A token for `form` on the site, issued now. */
  token(site: { id: number }, form: string, at = Date.now()): string {
    checkFormName(form);
    const issued = Math.floor(at).toString(36);
    return `${issued}.${this.mac(site.id, form, issued)}`;
  }

  /** The hidden input carrying a fresh token, for the form's markup. */
  field(site: { id: number }, form: string): ReactElement {
    return h('input', { type: 'hidden', name: FORM_TOKEN_FIELD, value: this.token(site, form) });
  }

  /**
   * Passes a post that came from a page of this site with a good token for `post.form` and within
   * the form's budget, answering when its token was issued; throws Forbidden (`form_origin_refused`, `form_token_missing`,
   * `form_token_invalid`, `form_token_expired`) or TooManyRequests (`rate_limited`, with
   * Retry-After and the rate-limit headers) otherwise. The budget is charged last, so a forged post
   * made from a visitor's browser cannot spend that visitor's budget.
   */
  async check(
    request: FastifyRequest,
    reply: FastifyReply,
    post: PublicFormPost,
  ): Promise<{ issuedAt: number }> {
    const site = fromThisSite(request, post.form);
    const token = post.values[FORM_TOKEN_FIELD];
    if (!token)
      throw new Forbidden('The form was sent without its token; reload the page.', 'form_token_missing');
    const [issued = '', mac = ''] = token.split('.', 2);
    const at = /^[0-9a-z]{1,12}$/.test(issued) ? Number.parseInt(issued, 36) : Number.NaN;
    if (Number.isNaN(at) || !safeEqual(mac, this.mac(site.id, post.form, issued)))
      throw new Forbidden('The form’s token is not valid; reload the page.', 'form_token_invalid');
    const age = Date.now() - at;
    if (age < -CLOCK_SKEW_MS || age > FORM_TOKEN_LIFETIME_MS)
      throw new Forbidden('The form is too old; reload the page.', 'form_token_expired');
    await this.limiter.chargeWithin(
      post.perMinute,
      formBudgetKey(post.form, request.ip),
      1,
      reply,
      request.log,
    );
    return { issuedAt: at };
  }

  /**
   * What can be checked before a post's body is read (a multipart body with files is costly to
   * read): that it comes from a page of this site, and that its address has budget left for the
   * form. Charges nothing; `check` does, once the token is read.
   */
  async admit(
    request: FastifyRequest,
    reply: FastifyReply,
    post: Pick<PublicFormPost, 'form' | 'perMinute'>,
  ): Promise<void> {
    fromThisSite(request, post.form);
    await this.limiter.refuseIfSpent(
      post.perMinute,
      formBudgetKey(post.form, request.ip),
      reply,
      request.log,
    );
  }

  private mac(siteId: number, form: string, issued: string): string {
    this.key ??= this.runtime.secrets.derive('public-form-tokens');
    return createHmac('sha256', this.key).update(`${siteId}\n${form}\n${issued}`).digest('base64url');
  }
}

/** The key of a form's budget for one address, apart from every group of the API. */
export function formBudgetKey(form: string, ip: string): string {
  return `form:${form}:ip:${ip}`;
}

/** After an accepted post: to the page that says how it went, with a GET (Post/Redirect/Get). */
export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('location', location).header('cache-control', 'no-store').send();
}

/** The site a post to `form` came from one of its pages of; 403 `form_origin_refused` otherwise. */
function fromThisSite(request: FastifyRequest, form: string): NonNullable<FastifyRequest['site']> {
  checkFormName(form);
  const site = request.site;
  if (!site || !postedFromThisSite(request))
    throw new Forbidden('This form was not sent from a page of this site.', 'form_origin_refused');
  return site;
}

function checkFormName(form: string): void {
  if (!FORM_NAME.test(form)) throw new Error(`A public form's name must match ${FORM_NAME}: "${form}"`);
}

const byRuntime = new WeakMap<object, PublicForms>();

/** The runtime's one guard of public form posts. */
export function publicFormsOf(runtime: Pick<Runtime, 'secrets' | 'rateLimits' | 'config'>): PublicForms {
  let forms = byRuntime.get(runtime);
  if (!forms) {
    forms = new PublicForms(runtime);
    byRuntime.set(runtime, forms);
  }
  return forms;
}
