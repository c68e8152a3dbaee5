import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement as h } from 'react';
import type { App } from '../../../core/http/app-type.js';
import { inLanguage } from '../../../core/i18n/in-language.js';
import { LANGUAGES, type Language } from '../../../core/i18n/language.js';
import type { Runtime } from '../../../core/runtime.js';
import { acceptFormPosts } from '../../../core/visitors/form-posts.js';
import type { PageAnswer } from '../../public/answer.js';
import type { DocumentFrames } from '../../public/document-frame.js';
import { postedId } from '../../public/form-posts.js';
import { publicSiteOf } from '../../public/module.js';
import type { PageVisit } from '../../public/page-router.js';
import type { CampaignTracking } from './tracking.js';

/** A transparent 1x1 GIF: what the open image is. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const MAC = /^[A-Za-z0-9_-]{22}$/;
const UNSUBSCRIBE_PAGE = /^\/_newsletter\/u\/([1-9][0-9]{0,9})\/([A-Za-z0-9_-]{22})$/;
/** What mail clients post to unsubscribe in one click (RFC 8058). */
const ONE_CLICK = 'One-Click';

type Params = { deliveryId: string; mac: string };

/**
 * The links in campaign messages, on the site's own host, without sign-in: the click redirect,
 * the open image, and the unsubscribe page (GET shows a button, never unsubscribes, since link
 * scanners follow links; POST unsubscribes, the page's button and RFC 8058's one-click alike).
 */
export function trackingRoutes(app: App, runtime: Runtime, tracking: CampaignTracking): void {
  const site = publicSiteOf(runtime);
  site.pages.get(UNSUBSCRIBE_PAGE, (visit, [id, mac]) =>
    unsubscribePage(tracking, site.frames, visit, Number(id), mac ?? ''),
  );

  app.register(async (scope) => {
    acceptFormPosts(scope);
    // Some clients post the one-click body as multipart (RFC 8058 allows both): its content is not needed.
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_r, body, done) => done(null, { multipart: String(body) }),
    );
    scope.get(
      '/_newsletter/c/:deliveryId/:mac',
      { config: { permission: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const { deliveryId, mac } = request.params as Params;
        const url = (request.query as { u?: unknown }).u;
        const id = postedId(deliveryId);
        const to =
          request.site && id !== null && MAC.test(mac) && typeof url === 'string'
            ? await tracking.click(request.site, id, mac, url)
            : null;
        if (!to) return reply.code(404).send();
        return reply.code(302).header('cache-control', 'no-store').header('location', to).send();
      },
    );
    scope.get(
      '/_newsletter/o/:deliveryId/:file',
      { config: { permission: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const { deliveryId, file } = request.params as { deliveryId: string; file: string };
        const id = postedId(deliveryId);
        const mac = file.endsWith('.gif') ? file.slice(0, -4) : '';
        const good =
          request.site && id !== null && MAC.test(mac) && (await tracking.open(request.site, id, mac));
        if (!good) return reply.code(404).send();
        return reply.code(200).header('cache-control', 'no-store').type('image/gif').send(PIXEL);
      },
    );
    scope.post(
      '/_newsletter/u/:deliveryId/:mac',
      { config: { permission: 'public' }, schema: { hide: true } },
      (request, reply) => unsubscribePost(tracking, request, reply),
    );
  });
}

async function unsubscribePost(tracking: CampaignTracking, request: FastifyRequest, reply: FastifyReply) {
  const { deliveryId, mac } = request.params as Params;
  const id = postedId(deliveryId);
  const done =
    request.site && id !== null && MAC.test(mac) && (await tracking.unsubscribe(request.site, id, mac));
  if (!done) return reply.code(404).send();
  const body = (request.body ?? {}) as Record<string, unknown>;
  const oneClick = body['List-Unsubscribe'] === ONE_CLICK || String(body.multipart ?? '').includes(ONE_CLICK);
  if (oneClick) return reply.code(200).header('cache-control', 'no-store').send();
  return reply.code(303).header('location', `/_newsletter/u/${id}/${mac}?done=1`).send();
}

function languageOf(lang: string): Language {
  const base = lang.toLowerCase().split('-')[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}

/** The page an unsubscribe link opens: a button, or once pressed, that it is done. */
async function unsubscribePage(
  tracking: CampaignTracking,
  frames: DocumentFrames,
  visit: PageVisit,
  deliveryId: number,
  mac: string,
): Promise<PageAnswer | null> {
  const delivery = await tracking.unsubscribeTarget(visit.site, deliveryId, mac);
  if (!delivery) return null;
  const say = (text: string) => inLanguage(text, languageOf(visit.frame.lang));
  const title = say('Unsubscribe');
  const done = visit.request.query?.get('done') === '1' || delivery.unsubscribed_at !== null;
  const body = done
    ? h(
        'section',
        { className: 'newsletter-unsubscribe' },
        h('h1', null, title),
        h(
          'p',
          { role: 'status' },
          say('You are unsubscribed: this newsletter will not be sent to you any more.'),
        ),
      )
    : h(
        'section',
        { className: 'newsletter-unsubscribe' },
        h('h1', null, title),
        h('p', null, say('Do you want to stop receiving this newsletter?')),
        h(
          'form',
          { method: 'post', action: `/_newsletter/u/${deliveryId}/${mac}` },
          h('button', { type: 'submit' }, title),
        ),
      );
  return frames.privatePage(visit.site, visit.frame, { title, body });
}
