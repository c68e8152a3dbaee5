import { decodeEntities } from './score/entities.js';

/** What a title or description template's `{{name}}`s stand for on one page. */
export interface TemplateValues {
  title: string;
  site: string;
  tagline: string;
  sep: string;
  excerpt: string;
  author: string;
  /** The entry's publication date, YYYY-MM-DD. */
  date: string;
  type: string;
}

const VARIABLE = /\{\{\s*([a-z]+)\s*\}\}/g;

/**
 * A template with its variables filled in. An unknown `{{name}}` is left as written (the author
 * sees the typo); separators left dangling by empty variables (`Home – ` with no tagline) go.
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  const filled = template.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as keyof TemplateValues] : whole,
  );
  const sep = values.sep.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return filled
    .replace(/\s+/g, ' ')
    .replace(new RegExp(`^(\\s*${sep}\\s*)+|(\\s*${sep}\\s*)+$`, 'g'), '')
    .replace(new RegExp(`(\\s*${sep}\\s*){2,}`, 'g'), ` ${values.sep} `)
    .trim();
}

/** Search engines show about 155 to 160 characters of a description. */
export const DESCRIPTION_LENGTH = 160;

/** `text` cut at the last word that fits in `most` characters, with an ellipsis when cut. */
export function trimAtWord(text: string, most = DESCRIPTION_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= most) return clean;
  const cut = clean.slice(0, most - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > most / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/**
 * The text of the first paragraph of some HTML that has words in it: a description's last resort.
 * Read from the start up to that paragraph only, since it runs on every page the plugin writes.
 */
export function firstParagraph(html: string): string {
  const open = /<p[\s>]/gi;
  for (let match = open.exec(html); match; match = open.exec(html)) {
    const end = html.indexOf('</p>', match.index);
    if (end < 0) return '';
    const text = decodeEntities(html.slice(match.index, end).replace(/<[^>]*>?/g, ' '))
      .replace(/\s+/g, ' ')
      .trim();
    if (text !== '') return text;
    open.lastIndex = end;
  }
  return '';
}
