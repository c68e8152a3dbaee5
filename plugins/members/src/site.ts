import {
  html,
  type PluginAppError,
  type PluginContext,
  type PluginFormRequest,
  type PluginPage,
  type PluginPageRequest,
  type PluginRedirect,
} from '@tessera/plugin';
import { planCard, priceOf, profileInputs } from './markup.js';
import type { MembersService } from './members-service.js';
import { isFree, type Member, type Plan } from './model.js';
import type { ProfileFields } from './profile-fields.js';
import { valuesFromForm } from './profile-fields.js';
import { findPlan, findPlanBySlug, listPlans, type MembersTables } from './repo.js';
import { readSettings } from './settings.js';
import { wordsFor } from './words.js';

/**
 * The plugin on the site, in the theme and without JavaScript: the plans offered (/members, the same
 * for everyone, purged when a plan changes), joining one (/members/join/<slug>) and the member's own
 * page (/members/account). Forms post back to the same address and answer 303, or the form again
 * with each error beside its field (422).
 */
export function sitePages(plugin: PluginContext, members: MembersService, profile: ProfileFields): void {
  const db = (page: PluginPageRequest | PluginFormRequest) => plugin.db<MembersTables>(page.operation);
  /** The page's language prefix: none in the site's default language, `/fr` in French. */
  const at = (page: PluginPageRequest | PluginFormRequest, path: string) =>
    page.locale === page.operation.site.default_locale ? path : `/${page.locale}${path}`;

  plugin.pages.get('/members', { cache: 'public' }, async (page) => {
    const words = wordsFor(page.locale);
    const settings = await readSettings(plugin, page.operation);
    const plans = (await listPlans(db(page), { activeOnly: true })).sort(
      (a, b) => Number(b.slug === settings.default_plan) - Number(a.slug === settings.default_plan),
    );
    const action = (plan: Plan) =>
      !settings.joining_open
        ? ''
        : isFree(plan)
          ? html`<p><a class="tb-button" href="${at(page, `/members/join/${plan.slug}`)}" aria-label="${words.joinPlan(plan.name)}">${words.join}</a></p>`
          : html`<p>${words.paidLater}</p>`;
    return {
      title: words.plans,
      body: html`<p>${settings.joining_open ? words.plansIntro : words.joiningClosed}</p>
${plans.length === 0 ? html`<p>${words.noPlans}</p>` : html`<div class="tb-members-plans">${plans.map((plan) => planCard(plan, words, page.locale, action(plan)))}</div>`}
<p><a href="${at(page, '/members/account')}">${words.memberPage}</a></p>`,
    };
  });

  async function joinPage(
    page: PluginPageRequest | PluginFormRequest,
    plan: Plan,
    values: Record<string, unknown>,
    faults: Record<string, string[]>,
  ): Promise<PluginPage> {
    const words = wordsFor(page.locale);
    const fields = profile.definitions(await profile.list(page.operation), 'registration');
    const path = at(page, `/members/join/${plan.slug}`);
    const failed = Object.keys(faults).length > 0;
    return {
      title: words.joinPlan(plan.name),
      status: failed ? 422 : 200,
      noindex: true,
      body: html`${failed ? html`<p role="alert" class="tb-form-error">${words.fixErrors}</p>` : ''}
${planCard(plan, words, page.locale, '')}
<form method="post" action="${path}" novalidate>${page.formField('members.join')}
${profileInputs(fields, values, faults, words)}
<button type="submit">${words.joinPlan(plan.name)}</button></form>`,
    };
  }

  /** Why a signed-in account cannot join `slug`, as a page; null when it can. */
  async function joinable(
    page: PluginPageRequest | PluginFormRequest,
    slug: string,
  ): Promise<{ plan: Plan } | PluginPage | PluginRedirect | null> {
    const words = wordsFor(page.locale);
    const plan = await findPlanBySlug(db(page), slug);
    if (!plan || plan.archived) return null;
    const visitor = await page.visitor.read();
    const account = visitor?.account;
    if (!account) {
      // The core's sign-in and register pages do not take a way back yet: the words say to return.
      const back = encodeURIComponent(at(page, `/members/join/${plan.slug}`));
      return {
        title: words.joinPlan(plan.name),
        noindex: true,
        body: html`<p>${words.signInToJoin}</p>
<p><a href="${at(page, '/account/sign-in')}?next=${back}">${words.signIn}</a> · <a href="${at(page, '/account/register')}?next=${back}">${words.register}</a></p>`,
      };
    }
    const settings = await readSettings(plugin, page.operation);
    if (!settings.joining_open)
      return { title: words.plans, status: 403, body: html`<p>${words.joiningClosed}</p>` };
    if (!isFree(plan)) return { title: words.joinPlan(plan.name), body: html`<p>${words.paidLater}</p>` };
    const member = await members.ofAccount(page.operation, account.id);
    if (member && member.status !== 'cancelled') return { redirect: at(page, '/members/account') };
    return { plan };
  }

  plugin.pages.get('/members/join/:slug', { cache: 'private' }, async (page) => {
    const found = await joinable(page, page.params.slug ?? '');
    if (!found || !('plan' in found)) return found;
    return joinPage(page, found.plan, {}, {});
  });

  plugin.pages.post('/members/join/:slug', { form: 'members.join', perMinute: 10 }, async (page) => {
    const found = await joinable(page, page.params.slug ?? '');
    if (!found)
      return {
        title: wordsFor(page.locale).plans,
        status: 404,
        body: html`<p>${wordsFor(page.locale).noPlans}</p>`,
      };
    if (!('plan' in found)) return found;
    const account = (await page.visitor.read())?.account;
    if (!account) return { redirect: at(page, '/account/sign-in') };
    const fields = profile.definitions(await profile.list(page.operation), 'registration');
    const values = valuesFromForm(fields, page.form);
    try {
      await members.join(page.operation, account, found.plan.slug, values);
    } catch (error) {
      const fault = error as PluginAppError;
      if (fault.status !== 422) throw error;
      return joinPage(page, found.plan, values, fault.fields);
    }
    return { redirect: at(page, '/members/account?done=joined') };
  });

  async function accountPage(
    page: PluginPageRequest | PluginFormRequest,
    member: Member,
    values: Record<string, unknown>,
    faults: Record<string, string[]>,
    done: string | undefined,
  ): Promise<PluginPage> {
    const words = wordsFor(page.locale);
    const plan = await findPlan(db(page), member.plan_id);
    const fields = profile.definitions(await profile.list(page.operation));
    const failed = Object.keys(faults).length > 0;
    const notice: Record<string, string> = { joined: words.joined, saved: words.saved, left: words.left };
    const path = at(page, '/members/account');
    return {
      title: words.memberPage,
      status: failed ? 422 : 200,
      noindex: true,
      body: html`${done && notice[done] ? html`<p role="status" class="tb-notice">${notice[done]}</p>` : ''}${failed ? html`<p role="alert" class="tb-form-error">${words.fixErrors}</p>` : ''}
<section aria-labelledby="members-plan"><h2 id="members-plan">${words.yourPlan}</h2>
<dl><dt>${words.yourPlan}</dt><dd>${plan?.name ?? ''}${plan ? html` (${priceOf(plan, words, page.locale)})` : ''}</dd>
<dt>${words.statusLabel}</dt><dd>${words.status[member.status]}</dd>
<dt>${words.since}</dt><dd><time datetime="${member.started_at}">${new Intl.DateTimeFormat(page.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(member.started_at))}</time></dd></dl>
${plan && plan.benefits.length > 0 ? html`<ul>${plan.benefits.map((benefit) => html`<li>${benefit}</li>`)}</ul>` : ''}</section>
${member.status === 'cancelled' ? html`<p><a href="${at(page, '/members')}">${words.seePlans}</a></p>` : ''}
${
  fields.length > 0
    ? html`<section aria-labelledby="members-profile"><h2 id="members-profile">${words.profile}</h2>
<form method="post" action="${path}" novalidate>${page.formField('members.profile')}
${profileInputs(fields, values, faults, words)}
<button type="submit">${words.save}</button></form></section>`
    : ''
}
${
  member.status === 'cancelled'
    ? ''
    : html`<section aria-labelledby="members-leave"><h2 id="members-leave">${words.leave}</h2><p>${words.leaveHelp}</p>
<form method="post" action="${at(page, '/members/account/leave')}">${page.formField('members.leave')}<button type="submit">${words.leave}</button></form></section>`
}`,
    };
  }

  /** The signed-in member, a redirect to sign in, or the page saying they are not a member. */
  async function current(
    page: PluginPageRequest | PluginFormRequest,
  ): Promise<Member | PluginPage | PluginRedirect> {
    const account = (await page.visitor.read())?.account;
    if (!account) return { redirect: at(page, '/account/sign-in') };
    const member = await members.ofAccount(page.operation, account.id);
    if (member) return member;
    const words = wordsFor(page.locale);
    return {
      title: words.memberPage,
      noindex: true,
      body: html`<p>${words.notMember}</p><p><a href="${at(page, '/members')}">${words.seePlans}</a></p>`,
    };
  }
  const isMember = (value: Member | PluginPage | PluginRedirect): value is Member => 'account_id' in value;

  plugin.pages.get('/members/account', { cache: 'private' }, async (page) => {
    const member = await current(page);
    if (!isMember(member)) return member;
    return accountPage(page, member, member.profile, {}, page.query.done);
  });

  plugin.pages.post('/members/account', { form: 'members.profile', perMinute: 20 }, async (page) => {
    const member = await current(page);
    if (!isMember(member)) return 'redirect' in member ? member : { ...member, status: 404 };
    const fields = profile.definitions(await profile.list(page.operation));
    // Image fields are not on the site's form: their values stay as administrators set them.
    const values = valuesFromForm(
      fields.filter((field) => field.type !== 'image'),
      page.form,
    );
    try {
      await members.saveProfile(page.operation, member.id, values);
    } catch (error) {
      const fault = error as PluginAppError;
      if (fault.status !== 422) throw error;
      return accountPage(page, member, { ...member.profile, ...values }, fault.fields, undefined);
    }
    return { redirect: at(page, '/members/account?done=saved') };
  });

  plugin.pages.post('/members/account/leave', { form: 'members.leave', perMinute: 10 }, async (page) => {
    const member = await current(page);
    if (!isMember(member)) return 'redirect' in member ? member : { ...member, status: 404 };
    if (member.status !== 'cancelled') await members.leave(page.operation, member.id);
    return { redirect: at(page, '/members/account?done=left') };
  });
}
