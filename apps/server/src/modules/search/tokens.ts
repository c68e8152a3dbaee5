import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as turkish } from '@orama/stemmers/turkish';

type Stemmer = (word: string) => string;

/** Snowball stemmers by language (the locale's first part); other languages are matched word for word. */
const STEMMERS: Record<string, Stemmer> = {
  da: danish,
  de: german,
  en: english,
  es: spanish,
  fi: finnish,
  fr: french,
  hu: hungarian,
  it: italian,
  nb: norwegian,
  nl: dutch,
  nn: norwegian,
  no: norwegian,
  pt: portuguese,
  ro: romanian,
  ru: russian,
  sv: swedish,
  tr: turkish,
};

export const STEMMED_LANGUAGES = Object.keys(STEMMERS);

export function stemmerFor(locale: string): Stemmer | null {
  return STEMMERS[locale.toLowerCase().split(/[-_]/)[0] ?? ''] ?? null;
}

const WORD = /[\p{L}\p{N}]+/gu;
const MAX_WORD = 40;

/** "Crème" and "creme" are one word to a reader typing on any keyboard. */
function fold(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** A word as indexed and queried: lowercase, without diacritics; with its stem when the language has one. */
export interface Word {
  raw: string;
  stem: string | null;
}

/** The words of a text, each with its stem (stemmed before diacritics go: the stemmers expect them). */
export function wordsOf(text: string, locale: string, max = Number.POSITIVE_INFINITY): Word[] {
  const stem = stemmerFor(locale);
  const words: Word[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const lower = match[0].slice(0, MAX_WORD);
    const raw = fold(lower);
    if (raw === '') continue;
    const stemmed = stem ? fold(stem(lower)) : null;
    words.push({ raw, stem: stemmed && stemmed !== raw ? stemmed : null });
    if (words.length >= max) break;
  }
  return words;
}

/**
 * What the index holds for a text: every word and, where it differs, its stem, separated by spaces.
 * Both, so "running" is found by "run" (stems) and a half-typed "runn" still finds it (prefixes of
 * the words themselves).
 */
export function indexTokens(text: string, locale: string): string {
  return wordsOf(text, locale)
    .flatMap((word) => (word.stem ? [word.raw, word.stem] : [word.raw]))
    .join(' ');
}

/** A search as the engines take it: every word must match, the last one also as a prefix. */
export interface SearchTerms {
  /** Per word, the tokens any of which matches it. */
  words: { tokens: string[]; prefix: string | null }[];
}

const MAX_QUERY_WORDS = 12;

export function searchTerms(q: string, locale: string): SearchTerms {
  const words = wordsOf(q, locale, MAX_QUERY_WORDS);
  return {
    words: words.map((word, i) => ({
      tokens: word.stem ? [word.raw, word.stem] : [word.raw],
      prefix: i === words.length - 1 ? word.raw : null,
    })),
  };
}

/** The query in SQLite FTS5's syntax: `("runs" OR "run") AND ("bench"* OR "bench")`. */
export function fts5Query(terms: SearchTerms): string {
  return terms.words
    .map(({ tokens, prefix }) => {
      const options = tokens.map((token) => `"${token}"`);
      if (prefix !== null) options.push(`"${prefix}"*`);
      return `(${options.join(' OR ')})`;
    })
    .join(' AND ');
}

/** The query as a PostgreSQL tsquery (for the `simple` configuration): `(runs | run) & (bench:* | bench)`. */
export function tsQuery(terms: SearchTerms): string {
  return terms.words
    .map(({ tokens, prefix }) => {
      const options = tokens.map((token) => `'${token}'`);
      if (prefix !== null) options.push(`'${prefix}':*`);
      return `(${options.join(' | ')})`;
    })
    .join(' & ');
}

/** Whether a word of a text matches the search: one of its tokens, or the last word's prefix. */
export function matches(terms: SearchTerms, word: Word): boolean {
  return terms.words.some(
    ({ tokens, prefix }) =>
      tokens.includes(word.raw) ||
      (word.stem !== null && tokens.includes(word.stem)) ||
      (prefix !== null && word.raw.startsWith(prefix)),
  );
}

const BEFORE = 60;
const AFTER = 180;

/**
 * The piece of `text` around the first matching word, cut at word boundaries, with an ellipsis on
 * each side that was cut; the text's beginning when nothing matches (the title did).
 */
export function excerptOf(text: string, terms: SearchTerms, locale: string): string {
  const stem = stemmerFor(locale);
  let at = -1;
  for (const match of text.matchAll(WORD)) {
    if (match.index > 20_000) break;
    const lower = match[0].toLowerCase().slice(0, MAX_WORD);
    const raw = fold(lower);
    const stemmed = stem ? fold(stem(lower)) : null;
    if (matches(terms, { raw, stem: stemmed })) {
      at = match.index;
      break;
    }
  }
  if (at < 0) return cut(text, 0, BEFORE + AFTER);
  return cut(text, Math.max(0, at - BEFORE), at + AFTER);
}

function cut(text: string, from: number, to: number): string {
  let start = from;
  let end = Math.min(text.length, to);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < end ? space + 1 : start;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > start ? space : end;
  }
  const piece = text.slice(start, end).trim();
  return `${start > 0 ? '…' : ''}${piece}${end < text.length ? '…' : ''}`;
}
