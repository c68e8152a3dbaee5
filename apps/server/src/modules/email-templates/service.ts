import { requirePermission } from '../../core/access/actor.js';
import { recordActivity } from '../../core/activity/record.js';
import { Forbidden, NotFound, ValidationFailed } from '../../core/errors.js';
import { LANGUAGES } from '../../core/i18n/language.js';
import { enqueueSiteMail } from '../../core/mail/mail-job.js';
import type { MailParts } from '../../core/mail/templates/liquid.js';
import type { MailEventDefinition, MailVariable } from '../../core/mail/templates/mail-event.js';
import { mailEventsOf, sampleOf, variablesOf } from '../../core/mail/templates/mail-events.js';
import { type RenderedMail, renderMail, templateProblems } from '../../core/mail/templates/render.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { authorAddresses } from '../identity/users/bylines.js';
import { EmailTemplatesRepo } from './repo.js';
import { chosenTemplate, frameOf, mailLanguageOf, siteVariablesOf } from './site-mail.js';

const MANAGE = 'email_templates.manage';

export interface MailEventView {
  event: string;
  description: string;
  variables: MailVariable[];
  /** The languages the site has its own template in. */
  customised_locales: string[];
}

export interface EmailTemplateView extends MailParts {
  event: string;
  locale: string;
  /** True when the site's own template, false when the default (or, for a language without defaults, English's). */
  customised: boolean;
  updated_at: string | null;
  updated_by: number | null;
}

/**
 * The email templates of a site (issue 37): every mail event, its variables and default templates,
 * and the site's own templates per language, checked when saved so that a saved one always renders.
 * Preview and test mails render with the event's sample data, exactly as a mail is sent.
 */
export class EmailTemplatesService {
  constructor(private readonly runtime: Runtime) {}

  /** The event of that name on the operation's site: the core's, or an active plugin's. */
  private eventNamed(ctx: OperationContext, name: string): MailEventDefinition {
    const event = mailEventsOf(this.runtime).named(name, activeOn(this.runtime, ctx));
    if (!event) throw new NotFound(`Mail event ${name}`, 'mail_event_not_found');
    return event;
  }

  async events(ctx: OperationContext): Promise<MailEventView[]> {
    requirePermission(ctx.actor, MANAGE);
    const customised = await new EmailTemplatesRepo(ctx.db).customisedLocales();
    return mailEventsOf(this.runtime)
      .all(activeOn(this.runtime, ctx))
      .map((event) => ({
        event: event.name,
        description: event.description,
        variables: variablesOf(event),
        customised_locales: customised.get(event.name) ?? [],
      }));
  }

  /** The template a recipient of `locale` gets: the site's own, else the default. */
  async get(ctx: OperationContext, name: string, locale: string | undefined): Promise<EmailTemplateView> {
    requirePermission(ctx.actor, MANAGE);
    const event = this.eventNamed(ctx, name);
    const language = this.languageOf(ctx.site, locale);
    const chosen = await chosenTemplate(this.runtime, ctx.site, event, language);
    const own = chosen.customised && chosen.locale === language;
    return {
      event: event.name,
      locale: language,
      ...chosen.parts,
      customised: own,
      updated_at: own ? chosen.updated_at : null,
      updated_by: own ? chosen.updated_by : null,
    };
  }

  /** Saves the site's template; refused (422, by part and line) unless it renders with the event's variables. */
  async save(
    ctx: OperationContext,
    name: string,
    locale: string | undefined,
    parts: MailParts,
  ): Promise<EmailTemplateView> {
    requirePermission(ctx.actor, MANAGE);
    const event = this.eventNamed(ctx, name);
    const language = this.languageOf(ctx.site, locale);
    await refuseProblems(event, parts);
    await ctx.transaction(async () => {
      const repo = new EmailTemplatesRepo(ctx.db);
      const before = await repo.find(event.name, language);
      await repo.save(event.name, language, parts, {
        at: new Date().toISOString(),
        userId: ctx.actor.userId,
      });
      const changed = (['subject', 'html', 'text'] as const).filter((part) => before?.[part] !== parts[part]);
      await this.record(ctx, 'email_template.updated', event.name, { locale: language, changed });
    });
    return this.get(ctx, event.name, language);
  }

  /** Drops the site's template: the default is sent again. Nothing to drop is no error. */
  async reset(ctx: OperationContext, name: string, locale: string | undefined): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    const event = this.eventNamed(ctx, name);
    const language = this.languageOf(ctx.site, locale);
    await ctx.transaction(async () => {
      if (await new EmailTemplatesRepo(ctx.db).delete(event.name, language))
        await this.record(ctx, 'email_template.reset', event.name, { locale: language });
    });
  }

  /**
   * The mail as it would be sent, with the event's sample data and the site's frame: `parts` given
   * (unsaved changes, any of the three) over the template a recipient of `locale` gets now.
   */
  async preview(
    ctx: OperationContext,
    name: string,
    locale: string | undefined,
    parts: Partial<MailParts>,
  ): Promise<RenderedMail> {
    requirePermission(ctx.actor, MANAGE);
    const event = this.eventNamed(ctx, name);
    const language = this.languageOf(ctx.site, locale);
    const chosen = await chosenTemplate(this.runtime, ctx.site, event, language);
    const draft = definedParts(parts);
    const merged = { ...chosen.parts, ...draft };
    await refuseProblems(event, merged);
    // In the language of what is shown: a draft is saved in the one asked for; without one, a
    // language that has no template yet is sent (and shown) from English's.
    const shown = Object.keys(draft).length > 0 ? language : chosen.locale;
    const frame = await frameOf(this.runtime, ctx.site, shown);
    return renderMail(merged, { ...sampleOf(event), site: siteVariablesOf(frame) }, frame);
  }

  /** Queues the preview to the signed-in user's own address; answers that address. */
  async sendTest(
    ctx: OperationContext,
    name: string,
    locale: string | undefined,
    parts: Partial<MailParts>,
  ): Promise<{ to: string }> {
    requirePermission(ctx.actor, MANAGE);
    const userId = ctx.actor.userId;
    const self =
      userId === null ? undefined : (await authorAddresses(this.runtime.data, [userId])).get(userId);
    if (!self) throw new Forbidden();
    const mail = await this.preview(ctx, name, locale, parts);
    await enqueueSiteMail(this.runtime.jobs.queue, this.runtime.secrets, ctx.site, {
      to: self.email,
      ...mail,
    });
    return { to: self.email };
  }

  /**
   * The language asked for as a base language (`fr`), by default the site's: one the server writes
   * defaults in, or one of the site's own languages.
   */
  private languageOf(site: Site, locale: string | undefined): string {
    const language = mailLanguageOf(site, locale ?? site.default_locale);
    const allowed = new Set<string>([
      ...LANGUAGES,
      ...site.locales.map((each) => mailLanguageOf(site, each)),
    ]);
    if (!allowed.has(language))
      throw ValidationFailed.field(
        'locale',
        `This site writes its mails in ${[...allowed].join(', ')}; not in ${locale}.`,
      );
    return language;
  }

  private record(ctx: OperationContext, action: string, event: string, details: Record<string, unknown>) {
    return recordActivity(this.runtime.data, ctx.site.id, {
      userId: ctx.actor.userId,
      action,
      subjectType: 'email_template',
      subjectId: event,
      ip: ctx.actor.ip,
      details,
    });
  }
}

/** Whether a plugin is active on the operation's site: its mail events exist there only. */
function activeOn(runtime: Runtime, ctx: OperationContext): (plugin: string) => boolean {
  const plugins = pluginsOf(runtime);
  return (plugin) => plugins.isActive(plugin, ctx.site.id);
}

async function refuseProblems(event: MailEventDefinition, parts: MailParts): Promise<void> {
  const problems = await templateProblems(event, parts);
  if (Object.keys(problems).length > 0)
    throw new ValidationFailed(problems, 'The given data was invalid.', 'invalid_template');
}

function definedParts(parts: Partial<MailParts>): Partial<MailParts> {
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined));
}
