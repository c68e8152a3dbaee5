import { type Block, eachBlock } from '@tessera/blocks';
import { NotFound } from '../../../core/errors.js';
import { inLanguage } from '../../../core/i18n/in-language.js';
import { LANGUAGES, type Language } from '../../../core/i18n/language.js';
import { framedHtml, framedText } from '../../../core/mail/templates/layout.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { contentOf } from '../../content/content.js';
import { frameOf, mailLanguageOf } from '../../email-templates/site-mail.js';
import { mediaOf } from '../../media/module.js';
import { settingsOf } from '../../settings/service.js';
import { type DigestPost, type EmailImage, escapeHtml, renderEmailBlocks } from './email-html.js';
import type { TrackingLinks } from './links.js';

/** Where each message's own unsubscribe address goes, in the rendered campaign. */
const UNSUBSCRIBE = 'https://unsubscribe.newsletter.invalid/';
/** Where each message's link to its subscriber's own page goes. */
const MANAGE = 'https://manage.newsletter.invalid/';

/** What a campaign is written as, for rendering. */
export interface CampaignContent {
  subject: string;
  preheader: string;
  from_name: string;
  language: string | null;
  blocks: Block[];
}

/**
 * A campaign rendered once for all its recipients: the framed HTML (CSS inlined) and text, with
 * the place of the unsubscribe address marked; `personalize` makes one recipient's message of it.
 */
export interface RenderedCampaign {
  subject: string;
  html: string;
  text: string;
  fromName: string;
  /** The site's name and host, for the List-Id header. */
  listId: string;
  trackOpens: boolean;
}

/** One recipient's message: their unsubscribe link, their click links, their open image. */
export interface PersonalMail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** The language a campaign is written for: its audience's, else the site's. */
function campaignLanguage(site: Site, language: string | null): Language {
  const base = mailLanguageOf(site, language);
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}

/**
 * Renders `campaign` as the site's mail: its blocks with the site's images (absolute addresses of
 * a file about the width shown) and latest posts, in the site's frame, the preheader as hidden
 * preview text, and a footer with the unsubscribe link.
 */
export async function renderCampaign(
  runtime: Runtime,
  site: Site,
  campaign: CampaignContent,
  origin: string,
): Promise<RenderedCampaign> {
  const language = campaignLanguage(site, campaign.language);
  const [images, digests, frame, settings] = await Promise.all([
    imagesOf(runtime, site, campaign.blocks, origin),
    digestsOf(runtime, site, campaign.blocks, campaign.language),
    frameOf(runtime, site, language, origin),
    settingsOf(runtime, site, 'newsletter'),
  ]);
  const body = renderEmailBlocks(campaign.blocks, {
    origin,
    image: (id) => images.get(id) ?? null,
    digest: (blockId) => digests.get(blockId) ?? [],
  });
  const why = inLanguage(`You receive this newsletter from ${frame.siteName}.`, language);
  const unsubscribe = inLanguage('Unsubscribe', language);
  const manage = inLanguage('Manage your subscription', language);
  const footer = `<p style="margin:32px 0 0 0;font-size:13px;color:#4b5563">${escapeHtml(why)} <a href="${UNSUBSCRIBE}">${escapeHtml(unsubscribe)}</a> · <a href="${MANAGE}">${escapeHtml(manage)}</a></p>`;
  const subject = campaign.subject.replace(/\s+/g, ' ').trim();
  let html = framedHtml(`${body.html}\n${footer}`, subject, frame);
  if (campaign.preheader) {
    // Hidden text right after <body>: what inboxes show beside the subject.
    const hidden = `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(campaign.preheader)}</div>`;
    html = html.replace(/<body[^>]*>/, (tag) => `${tag}${hidden}`);
  }
  return {
    subject,
    html,
    text: framedText(`${body.text}\n\n${why}\n${unsubscribe}: ${UNSUBSCRIBE}\n${manage}: ${MANAGE}`, frame),
    fromName: campaign.from_name || frame.siteName,
    listId: `${frame.siteName.replace(/[<>"\r\n]/g, ' ')} <newsletter.${new URL(origin).hostname}>`,
    trackOpens: settings.track_opens,
  };
}

const HTML_LINK = /\bhref="(https?:\/\/[^"]+)"/g;
const TEXT_LINK = /https?:\/\/[^\s)<>]+/g;

/**
 * One delivery's message of a rendered campaign: every http(s) link through the click redirect,
 * the unsubscribe address its own, the subscriber's own page (`manage`; the unsubscribe page when
 * there is none, a preview's), List-Unsubscribe with one-click (RFC 8058), and the open image when
 * the site counts opens. Delivery 0 gives the sample a preview or a test shows.
 */
export function personalize(
  campaign: RenderedCampaign,
  links: TrackingLinks,
  deliveryId: number,
  manage: string | null = null,
): PersonalMail {
  const unsubscribe = links.unsubscribe(deliveryId);
  const tracked = (url: string) =>
    url === UNSUBSCRIBE
      ? unsubscribe
      : url === MANAGE
        ? (manage ?? unsubscribe)
        : links.click(deliveryId, url);
  let html = campaign.html.replace(HTML_LINK, (_all, href: string) => {
    const url = href.replace(/&amp;/g, '&');
    return `href="${escapeHtml(tracked(url)).replace(/&#38;/g, '&amp;')}"`;
  });
  if (campaign.trackOpens) {
    const pixel = `<img src="${links.open(deliveryId)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
    html = html.replace(/<\/body>/, `${pixel}</body>`);
  }
  return {
    subject: campaign.subject,
    html,
    text: campaign.text.replace(TEXT_LINK, (url) => tracked(url)),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': campaign.listId,
    },
  };
}

/** Shown at most this wide: twice the content column, for sharp images on dense screens. */
const IMAGE_FILE_WIDTH = 1072;

async function imagesOf(
  runtime: Runtime,
  site: Site,
  blocks: readonly Block[],
  origin: string,
): Promise<Map<number, EmailImage>> {
  const ids = new Set<number>();
  eachBlock(blocks, (block) => {
    if (block.type === 'image' && typeof block.props.media_id === 'number') ids.add(block.props.media_id);
  });
  const images = new Map<number, EmailImage>();
  if (ids.size === 0) return images;
  const views = await mediaOf(runtime).media.publicViews(site, [...ids]);
  for (const [id, view] of views) {
    // The widest variant not wider than needed, else the smallest wider one, else the file itself.
    const files = [
      ...Object.values(view.variants).map((variant) => ({
        url: variant.url,
        width: variant.width,
        height: variant.height,
      })),
      { url: view.url, width: view.width ?? IMAGE_FILE_WIDTH, height: view.height },
    ].sort((a, b) => a.width - b.width);
    const chosen =
      files.find((file) => file.width >= IMAGE_FILE_WIDTH / 2 && file.width <= IMAGE_FILE_WIDTH) ??
      files.find((file) => file.width >= IMAGE_FILE_WIDTH / 2) ??
      files[files.length - 1];
    if (!chosen) continue;
    const url = chosen.url.startsWith('/') ? `${origin}${chosen.url}` : chosen.url;
    images.set(id, { url, width: chosen.width, height: chosen.height, alt: view.alt_text });
  }
  return images;
}

async function digestsOf(
  runtime: Runtime,
  site: Site,
  blocks: readonly Block[],
  language: string | null,
): Promise<Map<string, DigestPost[]>> {
  const digests = new Map<string, DigestPost[]>();
  const wanted: Block[] = [];
  eachBlock(blocks, (block) => {
    if (block.type === 'latest-posts') wanted.push(block);
  });
  const content = contentOf(runtime);
  for (const block of wanted) {
    const category = typeof block.props.category === 'string' ? block.props.category : null;
    try {
      const found = await content.published.latest(site, {
        type: 'post',
        limit: typeof block.props.count === 'number' ? block.props.count : 3,
        count: false,
        ...(language && site.locales.includes(language) ? { locale: language } : {}),
        ...(category ? { term: { taxonomy: 'category', slug: category } } : {}),
      });
      digests.set(
        block.id,
        found.items.map((item) => ({ title: item.title, excerpt: item.excerpt, url: item.url })),
      );
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
      digests.set(block.id, []);
    }
  }
  return digests;
}
