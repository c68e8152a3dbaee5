import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { type PublicForms, publicFormsOf } from '../../../core/visitors/form-guard.js';
import type { PageAnswer, PublicAnswer } from '../../public/answer.js';
import type { PageVisit } from '../../public/page-router.js';
import type { PublicSite } from '../../public/service.js';
import type { SiteFrame } from '../../public/theme/layouts.js';
import { accountRowOf } from '../account-of.js';
import { linkOrigin } from '../accounts.js';
import { nextPage } from '../next-page.js';
import { accountPagesOpen } from '../pages-open.js';
import { resetLinkHolds } from '../password-reset.js';
import { confirmEmailChange } from '../profile.js';
import { verify } from '../registration.js';
import {
  forgotView,
  linkInvalidView,
  profileView,
  registerView,
  resetView,
  signInView,
  type ViewContent,
  type ViewKit,
} from './views.js';

/** The account pages under /account/ (and /fr/account/... in the site's other languages). */
const ACCOUNT_PAGE = /^\/account\/(register|sign-in|forgot|reset|verify|email)$/;

/**
 * The site accounts' pages, in the theme's document through the public site's router: the visitor's
 * account at /account, and register, sign-in, forgot, reset (a mailed link's form), verify and email
 * (where the mailed links land). All are the visitor's own (`private, no-store`): they read the
 * session, or carry a form token good for two hours. They exist on a site whose registration is on,
 * or which has accounts; elsewhere their addresses are the site's like any other (usually a 404).
 */
export class AccountPages {
  private readonly forms: PublicForms;

  constructor(
    private readonly runtime: Runtime,
    private readonly site: PublicSite,
  ) {
    this.forms = publicFormsOf(runtime);
  }

  /** Adds the pages to the site's router, before the entries' fallback. */
  addTo(): void {
    this.site.pages.get('/account', (visit) => this.profile(visit));
    this.site.pages.get(ACCOUNT_PAGE, (visit, [page]) => this.show(visit, page ?? ''));
  }

  /** Whether the site has account pages now: registration on, or accounts made before it closed. */
  open(site: Site, registering = false): Promise<boolean> {
    return accountPagesOpen(this.runtime, site, registering);
  }

  /** What the views need to write a page in the frame's language. */
  kit(site: Site, frame: SiteFrame): ViewKit {
    return {
      words: frame.strings.account,
      prefix: frame.prefix,
      tokenField: (form) => this.forms.field(site, form),
    };
  }

  /** A page framed in the theme's document, for this visitor only. */
  async framed(
    site: Site,
    frame: SiteFrame,
    content: ViewContent,
    status: 200 | 403 = 200,
  ): Promise<PageAnswer> {
    return this.site.frames.privatePage(site, frame, { ...content, status });
  }

  private async profile(visit: PageVisit): Promise<PublicAnswer | null> {
    const { site, frame } = visit;
    if (!(await this.open(site))) return null;
    const account = await accountRowOf(this.runtime, site, (await visit.request.visitor?.()) ?? null);
    if (!account) return { status: 302, location: `${frame.prefix}/account/sign-in` };
    return this.framed(site, frame, profileView(this.kit(site, frame), account, this.done(visit)));
  }

  private async show(visit: PageVisit, page: string): Promise<PublicAnswer | null> {
    const { site, frame } = visit;
    if (!(await this.open(site, page === 'register'))) return null;
    const kit = this.kit(site, frame);
    const words = kit.words;
    const token = visit.request.query?.get('token') ?? '';
    switch (page) {
      case 'register':
      case 'sign-in': {
        const signedIn = await accountRowOf(this.runtime, site, (await visit.request.visitor?.()) ?? null);
        const next = page === 'sign-in' ? nextPage(visit.request.query?.get('next')) : null;
        if (signedIn) return { status: 302, location: next ?? `${frame.prefix}/account` };
        const content =
          page === 'register' ? registerView(kit) : signInView(kit, this.done(visit), undefined, next);
        return this.framed(site, frame, content);
      }
      case 'forgot':
        return this.framed(site, frame, forgotView(kit));
      case 'reset':
        return (await resetLinkHolds(this.runtime, site, token))
          ? this.framed(site, frame, resetView(kit, token))
          : this.framed(site, frame, linkInvalidView(kit, words.resetTitle, ['forgot', words.forgotLink]));
      case 'verify':
        if (await verify(this.runtime, site, token, null))
          return { status: 302, location: `${frame.prefix}/account/sign-in?done=verified` };
        return this.framed(
          site,
          frame,
          linkInvalidView(kit, words.verifyTitle, ['sign-in', words.backToSignIn]),
        );
      default: {
        const origin = linkOrigin(this.runtime, site, visit.origin);
        if (await confirmEmailChange(this.runtime, site, token, { ip: null, origin }))
          return { status: 302, location: `${frame.prefix}/account?done=email_changed` };
        return this.framed(
          site,
          frame,
          linkInvalidView(kit, words.emailConfirmTitle, ['', words.profileTitle]),
        );
      }
    }
  }

  private done(visit: PageVisit): string | null {
    return visit.request.query?.get('done') ?? null;
  }
}
