import type { FastifyReply, FastifyRequest } from 'fastify';
import { anonymousActorOn } from '../../core/access/actor.js';
import { ValidationFailed } from '../../core/errors.js';
import type { App } from '../../core/http/app-type.js';
import { installationLimiter } from '../../core/http/rate-limit/rate-limiter.js';
import { operationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import { commentsOf } from '../comments/module.js';
import { commentReceipt } from '../comments/receipt.js';
import { COMMENTER_EMAIL, HONEYPOT } from '../comments/service.js';
import { contentOf } from '../content/content.js';
import { settingsOf } from '../settings/service.js';
import { visitorReads } from './entry-access.js';
import {
  acceptFormPosts,
  fromAnotherSite,
  pageAgain,
  postedId,
  postedValues,
  spentBudget,
} from './form-posts.js';
import type { PublicSite } from './service.js';
import type { DiscussionStrings } from './theme/discussion-strings.js';
import { stringsFor } from './theme/strings.js';

/** The key of a fault of the whole form rather than one field. */
const FORM_ERROR = 'form';

/**
 * POST /_comments/{entryId}: the comment form under an entry, as a browser sends it (urlencoded, no
 * script), posted through the same operation as POST /api/comments (honeypot, timing, blocklists,
 * moderation). A refused one shows the page again with the faults next to their fields and what was
 * typed (422; 429 past the rate limit), for this visitor only. An accepted one sends the visitor
 * back to the entry (303): at the comment when it is published, or, when it waits for a moderator,
 * with a sealed receipt in the address (`?comment=`) that shows it to them alone; everyone else
 * keeps the cached page. No cookie is set.
 */
export function commentFormRoutes(app: App, runtime: Runtime, site: PublicSite): void {
  const content = contentOf(runtime);
  const comments = commentsOf(runtime);
  const limiter = installationLimiter(runtime);
  app.register(async (scope) => {
    acceptFormPosts(scope);
    scope.route({
      method: 'POST',
      url: '/_comments/:entryId',
      config: { permission: 'public', rateLimit: 'comments' },
      schema: { hide: true },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const current = request.site;
        const id = postedId((request.params as { entryId: string }).entryId);
        if (!current || id === null) return reply.code(404).send();
        if (fromAnotherSite(request)) return reply.code(403).send();
        const found = await content.published.entry(current, id);
        if (!found) return reply.code(404).send();
        // An entry a plugin restricts takes comments only from those who may read it.
        if (!(await visitorReads(runtime, current, found, request))) return reply.code(403).send();
        const values = postedValues(request.body);
        const words = stringsFor(found.row.locale).discussion;
        const parentId = postedId(values.parent_id);
        const again = (status: 422 | 429, errors: Record<string, string>) =>
          pageAgain(site, current, id, request, reply, status, {
            comments: { page: 1, replyTo: parentId, receipt: null, form: { errors, values: typed(values) } },
          });
        const spent = await spentBudget(limiter, request, reply);
        if (spent !== null) {
          reply.header('retry-after', String(spent));
          return again(429, { [FORM_ERROR]: words.tooMany(Math.ceil(spent / 60)) });
        }
        // A robot is answered as if its comment were taken, and learns nothing.
        if (values[HONEYPOT]) return reply.code(303).header('location', found.item.url).send();
        const rules = await settingsOf(runtime, current, 'discussion');
        const faults = checkComment(values, words, rules.require_name_email);
        if (values.parent_id && parentId === null) faults[FORM_ERROR] = words.noReply;
        if (Object.keys(faults).length > 0) return again(422, faults);
        const ctx = operationContext(runtime, anonymousActorOn(current, runtime.permissions, request.ip));
        try {
          const posted = await comments.post(
            ctx,
            {
              entry_id: id,
              parent_id: parentId,
              ...(values.name ? { name: values.name } : {}),
              ...(values.email ? { email: values.email } : {}),
              ...(values.url ? { url: values.url } : {}),
              body: values.comment ?? '',
              token: values.token ?? '',
            },
            request.headers['user-agent'] ?? null,
            { reader: true },
          );
          if (posted.status === 'pending') {
            const receipt = encodeURIComponent(commentReceipt(runtime.secrets, current, posted.id));
            return reply
              .code(303)
              .header('location', `${found.item.url}?comment=${receipt}#comment-${posted.id}`)
              .send();
          }
          const page = await comments.pageOf(ctx, posted);
          const query = page > 1 ? `?comments_page=${page}` : '';
          return reply.code(303).header('location', `${found.item.url}${query}#comment-${posted.id}`).send();
        } catch (error) {
          if (!(error instanceof ValidationFailed)) throw error;
          return again(422, refusal(error, words));
        }
      },
    });
  });
}

/** What the form sends back into itself: the visible fields only, never the token. */
function typed(values: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ['comment', 'name', 'email', 'url']) kept[name] = values[name] ?? '';
  return kept;
}

/**
 * The faults of the visible fields, by name, in the page's language; empty when it may be posted.
 * The name and the address are required only while the discussion setting require_name_email is on.
 */
export function checkComment(
  values: Readonly<Record<string, string>>,
  words: DiscussionStrings,
  requireNameEmail: boolean,
): Record<string, string> {
  const faults: Record<string, string> = {};
  const limits: Array<[string, string, number]> = [
    ['comment', words.comment, 5000],
    ['name', words.name, 100],
    ['email', words.email, 254],
    ['url', words.website, 500],
  ];
  const required = new Set(requireNameEmail ? ['comment', 'name', 'email'] : ['comment']);
  for (const [name, label, max] of limits) {
    const value = values[name] ?? '';
    // Spaces alone are nothing: the comments operation trims what it keeps.
    if (value.trim() === '' && required.has(name)) faults[name] = words.required(label);
    else if (value.length > max) faults[name] = words.tooLong(label, max);
  }
  const email = (values.email ?? '').trim();
  if (!faults.email && email !== '' && !COMMENTER_EMAIL.test(email)) faults.email = words.badEmail;
  if (!faults.url && values.url && !/^https?:\/\/\S+$/.test(values.url)) faults.url = words.badWebsite;
  return faults;
}

/** A refusal of the comments operation, said in the page's language next to the field it concerns. */
function refusal(error: ValidationFailed, words: DiscussionStrings): Record<string, string> {
  const byCode: Record<string, string> = {
    comment_too_fast: words.tooFast,
    comment_form_expired: words.expired,
    comment_form_invalid: words.expired,
    comments_closed: words.closed,
    comment_blocked: words.blocked,
    comment_refused: words.refused,
  };
  const faults: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fields)) {
    const message = byCode[error.code] ?? (field === 'parent_id' ? words.noReply : messages[0]);
    if (field === 'body') faults.comment = message ?? words.refused;
    else faults[FORM_ERROR] = message ?? words.refused;
  }
  return Object.keys(faults).length > 0 ? faults : { [FORM_ERROR]: words.refused };
}
