import type { EditedEntry } from '@tessera/plugin/admin';
import { entryTemplates, type ScoreContext, type ScoredEntry, templateValuesOf } from '../entry-score.js';
import { entrySeo } from '../fields.js';
import { characterCount } from '../score/analysis.js';
import type { Check, CheckStatus } from '../score/index.js';
import { DESCRIPTION_LENGTH, fillTemplate } from '../templates.js';

/** The most characters of a title results show whole (the score's title check says the same). */
export const TITLE_MOST = 60;
export const DESCRIPTION_MOST = DESCRIPTION_LENGTH;

/**
 * The slug the server will make from a title when the entry has none yet, near enough for a
 * preview and the keyphrase-in-slug check: accents dropped, lower-case ASCII words joined by hyphens.
 */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
}

/** The entry on screen as the score takes it, in `locale` (the editor does not say the entry's). */
export function scoredEntryOf(entry: EditedEntry, locale: string): ScoredEntry {
  return {
    type: entry.type,
    locale,
    title: entry.title,
    slug: entry.slug || slugFromTitle(entry.title),
    excerpt: entry.excerpt,
    fields: entry.fields,
  };
}

/**
 * The entry's site-relative address with the slug on screen: the saved address with its slug
 * replaced, or, before the first save, the type's route pattern filled as publishing today would.
 */
export function previewPath(
  slug: string,
  saved: { slug: string; url: string } | null,
  pattern: string | null,
  today: Date,
): string {
  if (saved) {
    const at = saved.url.lastIndexOf(saved.slug);
    if (!slug || slug === saved.slug || at < 0) return saved.url;
    return `${saved.url.slice(0, at)}${slug}${saved.url.slice(at + saved.slug.length)}`;
  }
  if (!pattern) return `/${slug}`;
  const pad = (n: number) => String(n).padStart(2, '0');
  const values: Record<string, string> = {
    slug,
    path: slug,
    id: '…',
    yyyy: String(today.getUTCFullYear()),
    mm: pad(today.getUTCMonth() + 1),
    dd: pad(today.getUTCDate()),
  };
  return pattern.replace(/\{([a-z]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** An address as results print it above the title: the host, then the path's segments. */
export function displayedAddress(origin: string, path: string): string {
  const host = origin.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  return [host, ...path.split('/').filter(Boolean)].join(' › ');
}

/**
 * The description as written (the entry's own, else the type's template, its variables filled)
 * and its length before results cut it; null when none is written and the page falls back to the
 * excerpt or the first paragraph.
 */
export function writtenDescription(entry: ScoredEntry, context: ScoreContext): string | null {
  const own = entrySeo(entry.fields).description;
  const template = own || entryTemplates(entry.type, context.templates).description;
  if (!template) return null;
  return fillTemplate(template, templateValuesOf(entry, context));
}

/** How a text measures against what results show: its length in characters and whether it is over. */
export function measured(text: string, most: number): { count: number; over: boolean } {
  const count = characterCount(text);
  return { count, over: count > most };
}

const URGENCY: Readonly<Record<CheckStatus, number>> = { problem: 0, improve: 1, good: 2 };

/** Problems first, then what to improve, then what is good; the score's order kept within each. */
export function byUrgency(checks: readonly Check[]): Check[] {
  return checks
    .map((check, index) => ({ check, index }))
    .sort((a, b) => URGENCY[a.check.status] - URGENCY[b.check.status] || a.index - b.index)
    .map(({ check }) => check);
}
