import { entrySeo } from './fields.js';
import { type Score, type ScoreInput, scoreEntry } from './score/index.js';
import type { SeoSettings, Templates } from './settings.js';
import { fillTemplate, firstParagraph, type TemplateValues, trimAtWord } from './templates.js';

/** An entry as it is scored: saved (a hook's) or on screen (the editor's). */
export interface ScoredEntry {
  type: string;
  locale: string;
  title: string;
  slug: string;
  excerpt: string;
  fields: Readonly<Record<string, unknown>>;
}

/** What a score needs of the site and the settings: its name, address, and the entries' templates. */
export interface ScoreContext {
  site: { name: string; tagline: string; origin: string };
  templates: Pick<SeoSettings, 'separator' | 'entries' | 'types'>;
}

/** An entry type's templates: its own where set, else the entries'. */
export function entryTemplates(type: string, settings: ScoreContext['templates']): Templates {
  const own = settings.types[type];
  return {
    title: own?.title || settings.entries.title,
    description: own?.description ?? settings.entries.description,
  };
}

/**
 * What a template's variables stand for on an entry's page, as far as the entry and the site say
 * (the author and date are not known here: left empty). The editor's panel fills the description
 * with them to count it before `shownAs` cuts it.
 */
export function templateValuesOf(
  entry: Pick<ScoredEntry, 'type' | 'title' | 'excerpt'>,
  context: ScoreContext,
): TemplateValues {
  return {
    title: entry.title,
    site: context.site.name,
    tagline: context.site.tagline,
    sep: context.templates.separator,
    excerpt: entry.excerpt,
    author: '',
    date: '',
    type: entry.type,
  };
}

/**
 * The title and description search engines get for an entry, as its page's head says them (the
 * author date is not known here: `{{author}}` and `{{date}}` are left empty), the description as
 * written before it is cut at 160 characters, and the body.
 */
export function shownAs(
  entry: ScoredEntry,
  context: ScoreContext,
): { title: string; description: string; written: string; html: string } {
  const seo = entrySeo(entry.fields);
  const templates = entryTemplates(entry.type, context.templates);
  const values = templateValuesOf(entry, context);
  const html = typeof entry.fields.content === 'string' ? entry.fields.content : '';
  const description =
    [
      seo.description ? fillTemplate(seo.description, values) : '',
      templates.description ? fillTemplate(templates.description, values) : '',
      entry.excerpt,
      firstParagraph(html),
    ].find((text) => text.trim() !== '') ?? '';
  return {
    title: fillTemplate(seo.title || templates.title, values) || entry.title,
    description: trimAtWord(description),
    // Before it is cut: what the description length check measures.
    written: description.replace(/\s+/g, ' ').trim(),
    html,
  };
}

/** The entry's SEO score, in `uiLocale`'s words; `others` the site's other titles and descriptions. */
export function scoreOfEntry(
  entry: ScoredEntry,
  context: ScoreContext,
  uiLocale: string,
  others?: ScoreInput['others'],
  /** What `shownAs` gave for the entry, when the caller has it already. */
  shown: ReturnType<typeof shownAs> = shownAs(entry, context),
): Score {
  // What was written for it: none is flagged, though the page falls back to the excerpt.
  const written =
    entrySeo(entry.fields).description !== '' ||
    entryTemplates(entry.type, context.templates).description !== '';
  return scoreEntry(
    {
      title: shown.title,
      entryTitle: entry.title,
      description: written ? shown.written : '',
      slug: entry.slug,
      keyphrase: entrySeo(entry.fields).focusKeyphrase,
      html: shown.html,
      contentLocale: entry.locale,
      origin: context.site.origin,
      ...(others ? { others } : {}),
    },
    uiLocale,
  );
}
