import { fill } from '../../../core/i18n/templates.js';
import type { Runtime } from '../../../core/runtime.js';
import type { PageAnswer, PublicAnswer } from '../../public/answer.js';
import { postedId } from '../../public/form-posts.js';
import type { PageVisit } from '../../public/page-router.js';
import type { PublicSite } from '../../public/service.js';
import { confirmSubscription } from './confirmation.js';
import { manageHolds, manageMac } from './links.js';
import { ownSubscription } from './opt-in.js';
import { confirmedView, linkInvalidView, manageView, type PageContent, pageWords } from './page-views.js';

/** The address of the subscriber's own page within the site's languages (`/fr/_newsletter/manage`). */
export const MANAGE_PATH = '/_newsletter/manage';
const CONFIRM_PATH = '/_newsletter/confirm';

/**
 * The subscriber's pages, in the theme's document through the public site's router: where the
 * confirmation link lands, and their own page (lists, unsubscribing) reached by its signed link.
 * Each is the visitor's own (`private, no-store`): never in the page cache.
 */
export class SubscriberPages {
  constructor(
    private readonly runtime: Runtime,
    private readonly site: PublicSite,
  ) {}

  addTo(): void {
    this.site.pages.get(CONFIRM_PATH, (visit) => this.confirm(visit));
    this.site.pages.get(MANAGE_PATH, (visit) => this.manage(visit));
  }

  private async confirm(visit: PageVisit): Promise<PublicAnswer> {
    const { site, frame } = visit;
    const words = pageWords(frame.lang);
    const token = visit.request.query?.get('token') ?? '';
    const id = await confirmSubscription(this.runtime, site, token);
    const own = id === null ? null : await ownSubscription(this.runtime, site, id);
    if (!own) return this.framed(visit, linkInvalidView(words, frame.homeUrl));
    const manage = `${frame.prefix}${MANAGE_PATH}?s=${own.subscriber.id}&t=${manageMac(this.runtime, site, own.subscriber.id)}`;
    return this.framed(visit, confirmedView(words, own.subscriber.email, frame.siteTitle, manage));
  }

  private async manage(visit: PageVisit): Promise<PublicAnswer> {
    const { site, frame } = visit;
    const words = pageWords(frame.lang);
    const query = visit.request.query;
    const id = postedId(query?.get('s') ?? undefined);
    const mac = query?.get('t') ?? '';
    const own =
      id !== null && manageHolds(this.runtime, site, id, mac)
        ? await ownSubscription(this.runtime, site, id)
        : null;
    if (!own || id === null) return this.framed(visit, linkInvalidView(words, frame.homeUrl), 404);
    // Set by the post that was refused for too many attempts (public-routes.ts).
    const minutes = postedId(query?.get('wait') ?? undefined);
    const content = manageView(
      words,
      own,
      frame.siteTitle,
      { action: `${frame.prefix}${MANAGE_PATH}`, subscriberId: id, mac },
      {
        done: query?.get('done') ?? null,
        alert: minutes === null ? null : fill(words.tooMany, { minutes }),
      },
    );
    return this.framed(visit, content);
  }

  private async framed(visit: PageVisit, content: PageContent, status: 200 | 404 = 200): Promise<PageAnswer> {
    return this.site.frames.privatePage(visit.site, visit.frame, { ...content, status });
  }
}
