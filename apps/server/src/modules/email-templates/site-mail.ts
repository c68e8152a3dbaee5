import type { Language } from '../../core/i18n/language.js';
import type { MailFrame } from '../../core/mail/templates/layout.js';
import { type MailParts, TemplateFailed } from '../../core/mail/templates/liquid.js';
import type {
  MailEventDefinition,
  MailEventName,
  MailEventVariables,
} from '../../core/mail/templates/mail-event.js';
import { MAIL_EVENTS } from '../../core/mail/templates/mail-events.js';
import { type RenderedMail, renderMail } from '../../core/mail/templates/render.js';
import type { Runtime } from '../../core/runtime.js';
import { type Site, systemNameOf } from '../../core/sites/site.js';
import { settingsOf } from '../settings/service.js';
import { EmailTemplatesRepo } from './repo.js';

/** Where a mail's language falls back to when its own has neither a site template nor a default. */
const FALLBACK = 'en';

/** The base language of a BCP 47 tag (`fr-CA` → `fr`), or null for none (`und`, empty). */
function baseLanguage(tag: string | null | undefined): string | null {
  const base = tag?.trim().toLowerCase().split('-')[0] ?? '';
  return /^[a-z]{2,3}$/.test(base) && base !== 'und' ? base : null;
}

/** The language to write to someone of `locale` in: theirs, else the site's, as a base language. */
export function mailLanguageOf(
  site: Pick<Site, 'default_locale'>,
  locale: string | null | undefined,
): string {
  return baseLanguage(locale) ?? baseLanguage(site.default_locale) ?? FALLBACK;
}

/** The template a mail in `language` is sent from, and whether it is the site's own. */
export interface ChosenTemplate {
  parts: MailParts;
  locale: string;
  customised: boolean;
  updated_at: string | null;
  updated_by: number | null;
}

/**
 * The site's template in `language`, else the default in it, else the same in English: a site that
 * changed its English mail keeps that change for recipients of a language no template speaks.
 */
export async function chosenTemplate(
  runtime: Runtime,
  site: Pick<Site, 'id'>,
  event: MailEventDefinition,
  language: string,
): Promise<ChosenTemplate> {
  const repo = new EmailTemplatesRepo(runtime.data.site(site.id));
  for (const locale of new Set([language, FALLBACK])) {
    const stored = await repo.find(event.name, locale);
    if (stored) {
      const { subject, html, text, updated_at, updated_by } = stored;
      return { parts: { subject, html, text }, locale, customised: true, updated_at, updated_by };
    }
    const parts = defaultIn(event, locale);
    if (parts) return { parts, locale, customised: false, updated_at: null, updated_by: null };
  }
  return {
    parts: event.defaults.en,
    locale: FALLBACK,
    customised: false,
    updated_at: null,
    updated_by: null,
  };
}

function defaultIn(event: MailEventDefinition, locale: string): MailParts | undefined {
  return Object.hasOwn(event.defaults, locale) ? event.defaults[locale as Language] : undefined;
}

/**
 * The address the site's mails point to: PUBLIC_URL when it is one of the site's own domains (with
 * its scheme and port), else the site's primary domain over HTTPS.
 */
export function siteUrlOf(runtime: Runtime, site: Pick<Site, 'primary_domain' | 'aliases'>): string {
  const configured = new URL(runtime.config.publicUrl);
  const own = configured.hostname === site.primary_domain || site.aliases.includes(configured.hostname);
  return own ? configured.origin : `https://${site.primary_domain}`;
}

/** The site's frame around a mail in `language`: its name, address, logo (made absolute) and brand colour. */
export async function frameOf(
  runtime: Runtime,
  site: Site,
  language: string,
  origin: string = siteUrlOf(runtime, site),
): Promise<MailFrame> {
  const logo = site.branding.logo_url;
  const logoUrl = !logo
    ? null
    : logo.startsWith('/')
      ? `${origin}${logo}`
      : /^https?:\/\//.test(logo)
        ? logo
        : null;
  const design = await settingsOf(runtime, site, 'design');
  return {
    language,
    siteName: systemNameOf(site),
    siteUrl: origin,
    logoUrl,
    primaryColor: design.colors.primary ?? site.branding.primary_color,
  };
}

/** The `site` variables every template reads, from its frame. */
export function siteVariablesOf(frame: MailFrame) {
  return { name: frame.siteName, url: frame.siteUrl, logo_url: frame.logoUrl ?? '' };
}

export interface SiteMailOptions {
  /** The origin the mail's links start with, when the sender knows a better one than the site's address. */
  origin?: string;
}

/**
 * A site's mail for `event`, ready to queue (enqueueSiteMail): rendered from the site's template
 * in the recipient's language (`locale`, theirs; null when unknown: the site's), else the default,
 * and framed in the site's layout. Every mail a site sends is rendered here.
 */
export async function renderSiteMail<E extends MailEventName>(
  runtime: Runtime,
  site: Site,
  event: E,
  locale: string | null,
  variables: MailEventVariables[E],
  options: SiteMailOptions = {},
): Promise<RenderedMail> {
  const definition = MAIL_EVENTS.get(event);
  if (!definition) throw new Error(`No mail event ${event}.`);
  return renderEventMail(runtime, site, definition, locale, variables, options);
}

/** A mail of any event (a plugin's too), rendered as `renderSiteMail` does; `variables` unchecked here. */
export async function renderEventMail(
  runtime: Runtime,
  site: Site,
  definition: MailEventDefinition,
  locale: string | null,
  variables: object,
  options: SiteMailOptions = {},
): Promise<RenderedMail> {
  const event = definition.name;
  const chosen = await chosenTemplate(runtime, site, definition, mailLanguageOf(site, locale));
  const frame = await frameOf(runtime, site, chosen.locale, options.origin);
  const values = { ...variables, site: siteVariablesOf(frame) };
  try {
    return await renderMail(chosen.parts, values, frame);
  } catch (error) {
    if (!(error instanceof TemplateFailed) || !chosen.customised) throw error;
    // Checked when saved, a site's template fails now only if its variables changed since: the mail
    // still goes, from the default, rather than never.
    runtime.log.warn(
      { siteId: site.id, event, locale: chosen.locale, part: error.part, problem: error.message },
      'email template failed to render; the default was sent',
    );
    const parts = defaultIn(definition, chosen.locale) ?? definition.defaults.en;
    return renderMail(parts, values, frame);
  }
}
