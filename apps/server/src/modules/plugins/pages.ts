import multipart from '@fastify/multipart';
import type {
  PluginFormRefusal,
  PluginFormRequest,
  PluginFormTarget,
  PluginFormVisitor,
  PluginPage,
  PluginPageRequest,
  PluginRedirect,
  PluginUploadLimits,
} from '@tessera/plugin';
import { unsafeHtml } from '@tessera/plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement as h } from 'react';
import { AppError, NotFound, UnsupportedMediaType } from '../../core/errors.js';
import type { App } from '../../core/http/app-type.js';
import { visitorContext } from '../../core/operation/operation-context.js';
import type { PluginHost } from '../../core/plugins/plugin-host.js';
import { pagePattern, type StagedPage } from '../../core/plugins/plugin-pages.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { FORM_NAME, FORM_TOKEN_FIELD, publicFormsOf, seeOther } from '../../core/visitors/form-guard.js';
import { acceptFormPosts, postedValues, siteOrigin } from '../../core/visitors/form-posts.js';
import { type Visitor, visitorSessionsOf } from '../../core/visitors/visitor-sessions.js';
import { accountOf } from '../accounts/account-of.js';
import type { PublicAnswer } from '../public/answer.js';
import { PageAnswers } from '../public/answer.js';
import { PageCache } from '../public/page-cache.js';
import type { PublicSite } from '../public/service.js';
import type { SiteFrame } from '../public/theme/layouts.js';
import { FORM_FILES_CAP, readFormParts } from './form-uploads.js';

/**
 * Plugins' pages on the public site: their GET pages join the site's router (asked after the core's
 * pages, before the entries'), framed in the theme's document and answered, cached or not, as the
 * core's are; their form posts are routes of their own, guarded like every public form (origin,
 * signed token, the form's budget) and answered 303, or with the page sent back (422).
 */
export function mountPluginPages(app: App, runtime: Runtime, host: PluginHost, site: PublicSite): void {
  const pages = host.allPages();
  for (const page of pages.filter((p) => p.method === 'GET')) {
    const pattern = pagePattern(page.path);
    site.pages.get(pattern, async (visit) => {
      if (!host.isActive(page.plugin, visit.site.id) || page.method !== 'GET') return null;
      const params = { ...(pattern.exec(visit.pathInLanguage)?.groups ?? {}) };
      let withForm = false;
      const request: PluginPageRequest = {
        ...pageBase(runtime, visit.site, params, visit.request.query, visit.frame.lang, () => {
          withForm = true;
        }),
        visitor: {
          read: async () => sessionOf(runtime, visit.site, (await visit.request.visitor?.()) ?? null),
        },
      };
      const answer = await page.handler(request);
      if (answer === null) return null;
      if ('redirect' in answer) return { status: 302, location: local(answer.redirect) };
      const framed = await frame(site, visit.site, visit.frame, page, answer, `${visit.origin}${visit.path}`);
      // A form's token lasts two hours: a page carrying one is never kept for others.
      return page.spec.cache === 'private' || withForm
        ? { ...framed, personal: true, noStore: true }
        : framed;
    });
  }

  const posts = pages.filter((p) => p.method === 'POST');
  if (posts.length === 0) return;
  const answers = new PageAnswers(new PageCache(0), null, () => {});
  const forms = publicFormsOf(runtime);
  app.register(async (scope) => {
    acceptFormPosts(scope);
    if (posts.some((page) => page.method === 'POST' && page.spec.files))
      await scope.register(multipart, {
        // A file past its size is the form's to say beside its field, not an error of the request.
        throwFileSizeLimit: false,
        limits: {
          files: FORM_FILES_CAP.maxFiles + 1,
          fileSize: FORM_FILES_CAP.maxBytes + 1,
          fields: 500,
          fieldSize: 64 * 1024,
          parts: 600,
          headerPairs: 100,
        },
      });
    for (const page of posts) {
      if (page.method !== 'POST') continue;
      const handle = async (request: FastifyRequest, reply: FastifyReply) => {
        const current = request.site;
        const { locale = current?.default_locale } = request.params as { locale?: string };
        if (
          !current ||
          !host.isActive(page.plugin, current.id) ||
          !locale ||
          !current.locales.includes(locale)
        )
          throw new NotFound('Page', 'route_not_found');
        const params = { ...(request.params as Record<string, string>) };
        delete params.locale;
        const formName = formNameOf(page, params);
        if (formName === null) throw new NotFound('Page', 'route_not_found');
        const query = new URLSearchParams((request.raw.url ?? '').split('?')[1] ?? '');
        const base = pageBase(runtime, current, params, query, locale, () => {});
        const target = { params: base.params, operation: base.operation };
        const budget = await perMinute(host, current, page, target);
        // An urlencoded body is small and read already: a refused post's page can show what was typed.
        const { [FORM_TOKEN_FIELD]: _, ...typed } = request.isMultipart?.() ? {} : postedValues(request.body);
        const posted: PluginFormRequest = {
          ...base,
          form: typed,
          files: [],
          formIssuedAt: null,
          visitor: pluginVisitor(runtime, request, reply),
        };
        let answer: PluginPage | PluginRedirect;
        try {
          // Before the body is read: a post from elsewhere, or past its budget, costs no upload.
          await forms.admit(request, reply, { form: formName, perMinute: budget });
          const { values, files } = await postedForm(request, await uploadLimits(page, target));
          const { [FORM_TOKEN_FIELD]: _token, ...form } = values;
          posted.form = form;
          posted.files = files;
          const guard = await forms.check(request, reply, { form: formName, perMinute: budget, values });
          answer = await page.handler({ ...posted, formIssuedAt: guard.issuedAt });
        } catch (error) {
          const refusal = refusalOf(error);
          if (!refusal || !page.spec.refused) throw error;
          answer = { ...(await page.spec.refused(posted, refusal)), status: refusal.status };
          if (refusal.retryAfterSeconds !== null)
            reply.header('retry-after', String(Math.max(1, Math.ceil(refusal.retryAfterSeconds))));
        }
        if ('redirect' in answer) return seeOther(reply, local(answer.redirect));
        const frameOfLocale = await site.frames.frameOf(current, siteOrigin(request), locale);
        const framed = await frame(site, current, frameOfLocale, page, answer, null);
        return answers.send(request, reply, { ...framed, noStore: true } as PublicAnswer, {
          site: current,
          cacheKey: null,
          choosesLanguage: false,
        });
      };
      const config = { permission: 'public', rateLimit: 'none' } as const;
      // Pages of the site, posted by its forms: not API operations.
      const schema = { hide: true };
      scope.post(page.path, { config, schema }, handle);
      scope.post(`/:locale${page.path}`, { config, schema }, handle);
    }
  });
}

/** The form a post is for: the spec's name, or the one it makes of the address; null if it is not the plugin's. */
function formNameOf(page: StagedPage, params: Record<string, string>): string | null {
  if (page.method !== 'POST') return null;
  const wanted = page.spec.form;
  const name = typeof wanted === 'function' ? wanted({ params }) : wanted;
  const area = page.plugin.replaceAll('-', '_');
  return typeof name === 'string' && name.startsWith(`${area}.`) && FORM_NAME.test(name) ? name : null;
}

/** The files a post to this form may carry (null: none), held to the platform's cap. */
async function uploadLimits(page: StagedPage, target: PluginFormTarget): Promise<PluginUploadLimits | null> {
  if (page.method !== 'POST' || !page.spec.files) return null;
  const spec = page.spec.files;
  const limits = typeof spec === 'function' ? await spec(target) : spec;
  if (!limits || !(limits.maxFiles >= 1 && limits.maxBytes >= 1)) return null;
  return {
    maxFiles: Math.min(Math.floor(limits.maxFiles), FORM_FILES_CAP.maxFiles),
    maxBytes: Math.min(Math.floor(limits.maxBytes), FORM_FILES_CAP.maxBytes),
  };
}

/** What was posted: urlencoded fields, or, to a form that takes files, a multipart body's parts. */
async function postedForm(request: FastifyRequest, limits: PluginUploadLimits | null) {
  if (!request.isMultipart?.()) return { values: postedValues(request.body), files: [] };
  if (!limits) throw new UnsupportedMediaType('This form takes no files: post it urlencoded.');
  return readFormParts(request, limits);
}

/** A guard's refusal as a plugin's `refused` page is told of it; null for any other failure. */
function refusalOf(error: unknown): PluginFormRefusal | null {
  if (!(error instanceof AppError)) return null;
  if (error.kind === 'rate_limited') {
    const seconds = Number(error.headers['retry-after']);
    return {
      code: 'rate_limited',
      status: 429,
      retryAfterSeconds: Number.isFinite(seconds) ? seconds : null,
    };
  }
  const codes = ['form_origin_refused', 'form_token_missing', 'form_token_invalid', 'form_token_expired'];
  if (error.kind === 'forbidden' && codes.includes(error.code))
    return { code: error.code as PluginFormRefusal['code'], status: 403, retryAfterSeconds: null };
  return null;
}

/**
 * The public site's visitor of a request, for a plugin's form post or route: read their session
 * (with their site account), keep data for them (starting a session), end it.
 */
export function pluginVisitor(
  runtime: Runtime,
  request: FastifyRequest,
  reply: FastifyReply,
): PluginFormVisitor {
  const visitors = visitorSessionsOf(runtime);
  return {
    read: async () => (request.site ? sessionOf(runtime, request.site, await visitors.read(request)) : null),
    setData: async (data) => {
      await visitors.setData(request, reply, data);
    },
    end: () => visitors.end(request, reply),
  };
}

/** A visitor's session as a plugin sees it: its data, and the site account signed in with it. */
async function sessionOf(runtime: Runtime, site: Site, visitor: Visitor | null) {
  if (!visitor) return null;
  const account = await accountOf(runtime, site, visitor);
  return {
    account: account && { id: account.id, email: account.email, name: account.name, locale: account.locale },
    data: visitor.data,
  };
}

function pageBase(
  runtime: Runtime,
  site: Site,
  params: Record<string, string>,
  query: URLSearchParams | undefined,
  locale: string,
  formUsed: () => void,
) {
  return {
    operation: visitorContext(runtime, site),
    params,
    query: Object.fromEntries(query ?? []),
    locale,
    formField: (form: string) => {
      formUsed();
      const token = publicFormsOf(runtime).token(site, form);
      return unsafeHtml(`<input type="hidden" name="${FORM_TOKEN_FIELD}" value="${token}">`);
    },
  };
}

/** A plugin's page in the theme's document: its HTML in the main element, its head checked by page.head. */
async function frame(
  site: PublicSite,
  current: Site,
  frame: SiteFrame,
  page: StagedPage,
  answer: PluginPage,
  canonical: string | null,
) {
  const status = answer.status ?? 200;
  // A form sent back (422) or refused for its budget (429) is the page again, with that status.
  const again = status === 422 || status === 429 ? status : null;
  return site.frames
    .framePage(current, frame, {
      kind: 'plugin',
      entry: null,
      status: again === null ? (status as 200 | 403 | 404 | 410) : 200,
      head: {
        title: answer.title,
        description: answer.description ?? '',
        canonical: status === 200 && page.method === 'GET' ? canonical : null,
        type: 'website',
        image: null,
        ...(answer.noindex || page.method === 'POST' ? { noindex: true } : {}),
      },
      body: h('div', {
        className: 'tb-plugin-page',
        dangerouslySetInnerHTML: { __html: String(answer.body) },
      }),
      tags: [
        `plugin:${page.plugin}`,
        ...(page.method === 'GET' ? (page.spec.purgeOn ?? []).map((type) => `list:${type}`) : []),
      ],
    })
    .then((framed) => (again === null ? framed : { ...framed, status: again }));
}

/** A redirect stays on the site: a path of its own, never another host (`//evil.example`). */
function local(location: string): string {
  return /^\/(?!\/|\\)/.test(location) ? location : '/';
}

/**
 * The form's budget per address a minute: its spec's, what its function says (a value kept with
 * the form), or the value of a key of the plugin's settings.
 */
async function perMinute(
  host: PluginHost,
  site: Site,
  page: StagedPage,
  target: PluginFormTarget,
): Promise<number> {
  if (page.method !== 'POST') return 10;
  const wanted = page.spec.perMinute ?? 10;
  if (typeof wanted === 'number') return wanted;
  if (typeof wanted === 'function') {
    const value = await wanted(target);
    return typeof value === 'number' && value > 0 ? value : 10;
  }
  const area = page.plugin.replaceAll('-', '_');
  const value = (await host.settingsOf(site, area))[wanted.setting];
  return typeof value === 'number' && value > 0 ? value : wanted.default;
}
