import { type Block, eachBlock, HONEYPOT, NEWSLETTER_SUBSCRIBE_PATH } from '@tessera/blocks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../../core/http/app-type.js';
import { installationLimiter } from '../../../core/http/rate-limit/rate-limiter.js';
import { MESSAGES } from '../../../core/i18n/catalogue/index.js';
import { languageOf } from '../../../core/i18n/language.js';
import { fill } from '../../../core/i18n/templates.js';
import type { Runtime } from '../../../core/runtime.js';
import { contentOf } from '../../content/content.js';
import {
  acceptFormPosts,
  fromAnotherSite,
  pageAgain,
  postedId,
  postedValues,
  spentBudget,
} from '../../public/form-posts.js';
import type { PublicSite } from '../../public/service.js';
import { subscriberAddress } from './address.js';
import { manageHolds } from './links.js';
import { changeOwnSubscription, subscribeFromForm } from './opt-in.js';
import { MANAGE_PATH } from './pages.js';

const BLOCK_ID = /^[A-Za-z0-9_-]{1,32}$/;
const NAME_MAX = 200;

interface NewsletterProps {
  lists: number[];
  askName: boolean;
}

/**
 * The public site's newsletter posts, as browsers send them (urlencoded, no script), each from a
 * page of this site (another origin: 403) and counted against the comments budget by address
 * (past it: the page again with the form saying so, 429):
 * - POST /_newsletter/subscribe: a newsletter block's form. A good address is made pending and
 *   mailed its confirmation link, and the visitor goes back to the page, which says to check their
 *   inbox; an address already subscribed gets the same answer and no mail. A bad one shows the page
 *   again with the fault (422). A filled-in honeypot is answered as if taken, and nothing is done.
 * - POST [/{lang}]/_newsletter/manage: the subscriber's own page (its signed link in the form):
 *   save the public lists ticked, unsubscribe, or subscribe again; back to the page with a notice.
 */
export function subscriberFormRoutes(app: App, runtime: Runtime, site: PublicSite): void {
  const content = contentOf(runtime);
  const limiter = installationLimiter(runtime);
  app.register(async (scope) => {
    acceptFormPosts(scope);
    scope.route({
      method: 'POST',
      url: NEWSLETTER_SUBSCRIBE_PATH,
      config: { permission: 'public', rateLimit: 'comments' },
      schema: { hide: true },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const current = request.site;
        const values = postedValues(request.body);
        const entryId = postedId(values.entry);
        const blockId = values.block ?? '';
        if (!current || entryId === null || !BLOCK_ID.test(blockId)) return reply.code(404).send();
        if (fromAnotherSite(request)) return reply.code(403).send();
        const found = await content.published.entry(current, entryId);
        const block = found ? newsletterBlock(found.row.live.blocks as Block[], blockId) : null;
        if (!found || !block) return reply.code(404).send();
        const words = MESSAGES[languageOf(found.row.locale, undefined)].subscribers;
        const typed = { email: values.email ?? '', name: values.name ?? '' };
        const again = (status: 422 | 429, errors: Record<string, string>) =>
          pageAgain(site, current, entryId, request, reply, status, {
            form: { blockId, state: { status: 'invalid', errors, values: typed } },
          });
        const spent = await spentBudget(limiter, request, reply);
        if (spent !== null) {
          reply.header('retry-after', String(spent));
          return again(429, { form: fill(words.pages.tooMany, { minutes: Math.ceil(spent / 60) }) });
        }
        const back = `${found.item.url}?sent=${blockId}#newsletter-${blockId}`;
        if (values[HONEYPOT]) return reply.code(303).header('location', back).send();
        const email = subscriberAddress(typed.email);
        if (!email) return again(422, { email: words.subscribers.email });
        await subscribeFromForm(runtime, current, {
          email,
          name: block.askName ? [...typed.name.trim()].slice(0, NAME_MAX).join('') : '',
          language: found.row.locale,
          lists: block.lists,
          ip: request.ip,
          origin: `${request.protocol}://${request.host}`,
        });
        return reply.code(303).header('location', back).send();
      },
    });
    const manage = async (request: FastifyRequest, reply: FastifyReply) => {
      const current = request.site;
      const values = postedValues(request.body);
      const id = postedId(values.s);
      if (!current || id === null || !manageHolds(runtime, current, id, values.t ?? ''))
        return reply.code(404).send();
      if (fromAnotherSite(request)) return reply.code(403).send();
      const path = request.url.split('?')[0] ?? MANAGE_PATH;
      const own = `${path}?s=${id}&t=${values.t}`;
      const spent = await spentBudget(limiter, request, reply);
      if (spent !== null) {
        const again = await site.render(current, path, `${request.protocol}://${request.host}`, {
          page: 1,
          signedIn: false,
          userAgent: '',
          query: new URLSearchParams({
            s: String(id),
            t: values.t ?? '',
            wait: String(Math.ceil(spent / 60)),
          }),
        });
        if (!('html' in again)) return reply.code(404).send();
        return reply
          .code(429)
          .header('retry-after', String(spent))
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .send(again.html);
      }
      const action = values.action;
      if (action === 'save') {
        const lists = Object.keys(values).flatMap((name) => {
          const listId = postedId(/^list_(\d+)$/.exec(name)?.[1]);
          return listId === null ? [] : [listId];
        });
        await changeOwnSubscription(runtime, current, id, { action, lists });
        return reply.code(303).header('location', `${own}&done=saved`).send();
      }
      if (action !== 'unsubscribe' && action !== 'resubscribe') return reply.code(400).send();
      await changeOwnSubscription(runtime, current, id, { action });
      return reply.code(303).header('location', `${own}&done=${action}d`).send();
    };
    for (const url of [MANAGE_PATH, `/:locale${MANAGE_PATH}`])
      scope.route({
        method: 'POST',
        url,
        config: { permission: 'public', rateLimit: 'comments' },
        schema: { hide: true },
        handler: manage,
      });
  });
}

function newsletterBlock(tree: readonly Block[], blockId: string): NewsletterProps | null {
  let found: NewsletterProps | null = null;
  eachBlock(tree, (block) => {
    if (block.id === blockId && block.type === 'newsletter')
      found = block.props as unknown as NewsletterProps;
  });
  return found;
}
