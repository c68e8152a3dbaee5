import type { FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden, TooManyRequests } from '../../../core/errors.js';
import type { App } from '../../../core/http/app-type.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { publicFormsOf, seeOther } from '../../../core/visitors/form-guard.js';
import { acceptFormPosts, postedValues, siteOrigin } from '../../../core/visitors/form-posts.js';
import { visitorSessionsOf } from '../../../core/visitors/visitor-sessions.js';
import { documentHeaders, type PageAnswer } from '../../public/answer.js';
import type { PublicSite } from '../../public/service.js';
import type { SiteFrame } from '../../public/theme/layouts.js';
import { settingsOf } from '../../settings/service.js';
import { accountRowOf } from '../account-of.js';
import { linkOrigin } from '../accounts.js';
import { AccountFormFaults } from '../faults.js';
import { nextPage } from '../next-page.js';
import { requestReset, resetPassword } from '../password-reset.js';
import { changePassword, rename, requestEmailChange } from '../profile.js';
import { register } from '../registration.js';
import type { AccountRow } from '../repo.js';
import { signIn, signOutEverywhere } from '../sign-in.js';
import type { AccountPages } from './account-pages.js';
import {
  forgotView,
  profileView,
  type Refused,
  refusedView,
  registerView,
  resetView,
  signInView,
  type ViewContent,
  type ViewKit,
} from './views.js';

/** What one post to an account form has to hand: its request, its page's language and frame, what was sent. */
interface Post {
  runtime: Runtime;
  request: FastifyRequest;
  reply: FastifyReply;
  site: Site;
  frame: SiteFrame;
  kit: ViewKit;
  values: Record<string, string>;
  /** The origin mailed links start with (linkOrigin). */
  origin: string;
}

/**
 * Where a post that was taken sends the visitor (303): `to` within the page's language, or `path`,
 * a path of the site as it is (the page a visitor signed in to read).
 */
type Outcome = { to: string; path?: string };

/** The forms of the account pages: how each is taken, and the page it shows again when refused. */
interface AccountForm {
  /** Only for a signed-in account (the profile's forms). */
  account?: true;
  take(post: Post, account: AccountRow | null): Promise<Outcome>;
  again(post: Post, refused: Refused, account: AccountRow | null): ViewContent;
}

/** Values sent back into a refused form: never a password. */
const typed = (values: Record<string, string>, ...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, values[name] ?? '']));

/** The profile page again, with one of its forms refused and what was typed in it. */
const profileAgain =
  (form: 'profile' | 'email' | 'password', ...names: string[]): AccountForm['again'] =>
  (post, refused, account) =>
    profileView(post.kit, account as AccountRow, null, {
      ...refused,
      form,
      values: typed(post.values, ...names),
    });

const FORMS: Record<string, AccountForm> = {
  register: {
    async take(post) {
      const { name = '', email = '', password = '' } = post.values;
      await register(
        post.runtime,
        post.site,
        { name, email, password, locale: post.frame.lang },
        { ip: post.request.ip, origin: post.origin },
      );
      return { to: '/account/sign-in?done=registered' };
    },
    again: (post, refused) =>
      registerView(post.kit, { ...refused, values: typed(post.values, 'name', 'email') }),
  },
  'sign-in': {
    async take(post) {
      await signIn(post.runtime, post.request, post.reply, {
        email: post.values.email ?? '',
        password: post.values.password ?? '',
        origin: post.origin,
      });
      return { to: '/account', path: nextPage(post.values.next) ?? undefined };
    },
    again: (post, refused) =>
      signInView(
        post.kit,
        null,
        { ...refused, values: typed(post.values, 'email') },
        nextPage(post.values.next),
      ),
  },
  forgot: {
    async take(post) {
      await requestReset(post.runtime, post.site, post.values.email ?? '', post.origin, post.request.ip);
      return { to: '/account/sign-in?done=link_sent' };
    },
    again: (post, refused) => forgotView(post.kit, { ...refused, values: typed(post.values, 'email') }),
  },
  reset: {
    async take(post) {
      const { token = '', password = '' } = post.values;
      await resetPassword(post.runtime, post.site, token, password, post.request.ip);
      return { to: '/account/sign-in?done=password_reset' };
    },
    again: (post, refused) => resetView(post.kit, post.values.token ?? '', { ...refused, values: {} }),
  },
  profile: {
    account: true,
    async take(post, account) {
      await rename(post.runtime, post.site, account as AccountRow, post.values.name ?? '');
      return { to: '/account?done=name_saved' };
    },
    again: profileAgain('profile', 'name'),
  },
  email: {
    account: true,
    async take(post, account) {
      await requestEmailChange(post.runtime, post.site, account as AccountRow, {
        email: post.values.email ?? '',
        password: post.values.current_password ?? '',
        origin: post.origin,
      });
      return { to: '/account?done=email_sent' };
    },
    again: profileAgain('email', 'email'),
  },
  password: {
    account: true,
    async take(post, account) {
      await changePassword(post.runtime, post.request, account as AccountRow, {
        current: post.values.current_password ?? '',
        password: post.values.password ?? '',
      });
      return { to: '/account?done=password_changed' };
    },
    again: profileAgain('password'),
  },
  'sign-out': {
    async take(post) {
      await visitorSessionsOf(post.runtime).end(post.request, post.reply);
      return { to: '/account/sign-in?done=signed_out' };
    },
    again: (post, refused) => signInView(post.kit, null, refused),
  },
  'sign-out-everywhere': {
    async take(post) {
      await signOutEverywhere(post.runtime, post.request, post.reply);
      return { to: '/account/sign-in?done=signed_out_everywhere' };
    },
    again: (post, refused) => signInView(post.kit, null, refused),
  },
};

/**
 * POST /account/{form} (and /{locale}/account/{form}): the account pages' forms, as browsers send
 * them without a script. Each goes through the public form guard (a page of this site, a token of
 * this form under two hours, the accounts settings' budget per address: 403 page, or the form again
 * with 429), then is taken and answered 303 to the page that says so, or shown again with its
 * faults beside their fields (422) and what was typed, passwords never. The profile's forms want a
 * signed-in account: without one, the visitor is sent to sign in.
 */
export function accountFormRoutes(app: App, runtime: Runtime, site: PublicSite, pages: AccountPages): void {
  const forms = publicFormsOf(runtime);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const current = request.site;
    const { locale, form: name = '' } = request.params as { locale?: string; form?: string };
    const form = Object.hasOwn(FORMS, name) ? FORMS[name] : undefined;
    if (
      !current ||
      (locale !== undefined && (!current.locales.includes(locale) || locale === current.default_locale))
    )
      return reply.callNotFound();
    const frame = await site.frames.frameOf(current, siteOrigin(request), locale ?? current.default_locale);
    // No such form, or no account pages on this site: the site's own 404 page, as for a GET.
    if (!form || !(await pages.open(current, name === 'register')))
      return sendPage(request, reply, await site.frames.notFound(current, frame), 404);
    const kit = pages.kit(current, frame);
    const values = postedValues(request.body);
    const post: Post = {
      runtime,
      request,
      reply,
      site: current,
      frame,
      kit,
      values,
      origin: linkOrigin(runtime, current, siteOrigin(request)),
    };
    const show = async (content: ViewContent, status: 403 | 422 | 429) =>
      sendPage(
        request,
        reply,
        await pages.framed(current, frame, content, status === 403 ? 403 : 200),
        status,
      );
    const account = form.account
      ? await accountRowOf(runtime, current, await visitorSessionsOf(runtime).read(request))
      : null;
    try {
      const { form_posts_per_minute } = await settingsOf(runtime, current, 'accounts');
      await forms.check(request, reply, {
        form: `accounts.${name}`,
        perMinute: form_posts_per_minute,
        values,
      });
      if (form.account && !account) return seeOther(reply, `${frame.prefix}/account/sign-in`);
      const outcome = await form.take(post, account);
      return seeOther(reply, outcome.path ?? `${frame.prefix}${outcome.to}`);
    } catch (error) {
      if (error instanceof AccountFormFaults)
        return show(form.again(post, { faults: error.faults, values }, account), 422);
      if (error instanceof TooManyRequests) {
        reply.header('retry-after', error.headers['retry-after'] ?? '60');
        const minutes = Math.ceil(Number(error.headers['retry-after'] ?? 60) / 60);
        if (form.account && !account)
          return show(signInView(kit, null, { faults: { form: 'too_many', minutes }, values: {} }), 429);
        return show(form.again(post, { faults: { form: 'too_many', minutes }, values }, account), 429);
      }
      if (error instanceof Forbidden && error.code.startsWith('form_')) {
        const reason = error.code === 'form_origin_refused' ? 'origin' : 'token';
        return show(refusedView(kit, reason, frame.homeUrl), 403);
      }
      throw error;
    }
  };
  app.register(async (scope) => {
    acceptFormPosts(scope);
    for (const url of ['/account/:form', '/:locale/account/:form'])
      scope.route({
        method: 'POST',
        url,
        // The guard charges each form's own budget; the API's groups count /api requests only.
        config: { permission: 'public', rateLimit: 'none' },
        schema: { hide: true },
        handler,
      });
  });
}

/** A page of the account forms answered to this visitor alone, with the site's document headers. */
function sendPage(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer, status: number) {
  documentHeaders(reply, request.protocol);
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .send(answer.html);
}
