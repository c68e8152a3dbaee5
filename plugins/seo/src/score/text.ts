/** The languages the checks know; any other content is measured as English. */
export type ContentLanguage = 'en' | 'fr';

export function contentLanguageOf(locale: string): ContentLanguage {
  return locale.trim().toLowerCase().split(/[-_]/)[0] === 'fr' ? 'fr' : 'en';
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}\p{M}]$/u;
const ASCII_WORD_CHARACTER = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  ASCII_WORD_CHARACTER[code] = /[A-Za-z0-9]/.test(String.fromCharCode(code)) ? 1 : 0;
}

/** Letters (accents included) and digits; a character beyond the BMP is tested as its surrogate pair. */
function isWordCharacterAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 128) return ASCII_WORD_CHARACTER[code] === 1;
  if (code >= 0xd800 && code <= 0xdbff) return LETTER_OR_DIGIT.test(text.slice(at, at + 2));
  if (code >= 0xdc00 && code <= 0xdfff) return LETTER_OR_DIGIT.test(text.slice(at - 1, at + 1));
  return LETTER_OR_DIGIT.test(text.charAt(at));
}

function isJoiner(code: number): boolean {
  return code === 39 /* ' */ || code === 0x2019 /* ’ */ || code === 45 /* - */;
}

/**
 * A word is letters and digits, with inner apostrophes and hyphens ("l’été", "porte-monnaie", "don't")
 * kept inside it, as a reader counts them. A hand scan rather than a Unicode regular expression:
 * this runs over every character of the body, and most are ASCII.
 */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  const length = text.length;
  let at = 0;
  while (at < length) {
    if (!isWordCharacterAt(text, at)) {
      at++;
      continue;
    }
    const start = at;
    for (;;) {
      while (at < length && isWordCharacterAt(text, at)) at++;
      if (at + 1 < length && isJoiner(text.charCodeAt(at)) && isWordCharacterAt(text, at + 1)) at++;
      else break;
    }
    words.push(text.slice(start, at));
  }
  return words;
}

const SENTENCE_END = /[.!?…]+/g;
const CLOSERS = new Set(['"', '”', '’', "'", '»', ')', ']']);

function isSpaceChar(char: string): boolean {
  return char === ' ' || char === '\u00a0' || char === '\u202f' || char === '\t' || char === '\n';
}

function isLowerCase(char: string): boolean {
  return char !== char.toUpperCase() && char === char.toLowerCase();
}

/**
 * Splits one block's text into sentences. A stop ends a sentence when space follows it and the next
 * word does not start in lower case, which keeps "e.g. this" and "3.5" whole.
 */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let match = SENTENCE_END.exec(text); match !== null; match = SENTENCE_END.exec(text)) {
    let after = match.index + match[0].length;
    let sawSpace = false;
    while (after < text.length) {
      const char = text.charAt(after);
      if (isSpaceChar(char)) sawSpace = true;
      else if (!CLOSERS.has(char)) break;
      after++;
    }
    if (after < text.length && (!sawSpace || isLowerCase(text.charAt(after)))) continue;
    const sentence = text.slice(start, after).trim();
    if (sentence !== '') sentences.push(sentence);
    start = after;
  }
  const rest = text.slice(start).trim();
  if (rest !== '') sentences.push(rest);
  return sentences;
}

const BEYOND_ASCII = /[\u0080-\uffff]/;

/** Lower case without accents or ligatures, apostrophes made straight: "L’Été" and "l'ete" compare equal. */
export function foldForMatching(text: string): string {
  const lower = text.toLowerCase();
  // Most words are plain ASCII: nothing to decompose.
  if (!BEYOND_ASCII.test(lower)) return lower.includes('`') ? lower.replace(/`/g, "'") : lower;
  return lower
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘ʼ`´]/g, "'")
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss');
}

// French elided articles and pronouns belong to no keyphrase: "l’assurance" is "assurance".
const ELISIONS = new Set('l d j m n s t c qu jusqu lorsqu puisqu quoiqu'.split(' '));

/**
 * One word (as wordsOf gives it) as the keyphrase checks compare it: folded, a hyphenated compound
 * split, an elision dropped, an English possessive "'s" dropped, other apostrophes removed
 * ("aujourdhui").
 */
export function matchingFormsOf(word: string): string[] {
  const forms: string[] = [];
  for (const part of foldForMatching(word).split('-')) {
    if (!part.includes("'")) {
      if (part !== '') forms.push(part);
      continue;
    }
    const pieces = part.split("'");
    if (pieces.length > 1 && ELISIONS.has(pieces[0] ?? '')) pieces.shift();
    if (pieces.length > 1 && pieces[pieces.length - 1] === 's') pieces.pop();
    const joined = pieces.join('');
    if (joined !== '') forms.push(joined);
  }
  return forms;
}

export function matchingWordsOf(text: string): string[] {
  return wordsOf(text).flatMap(matchingFormsOf);
}

/** matchingWordsOf for the many words of a body: each distinct word is folded once. */
export class MatchingWords {
  readonly #forms = new Map<string, readonly string[]>();

  of(words: readonly string[]): string[] {
    const matching: string[] = [];
    for (const word of words) {
      let forms = this.#forms.get(word);
      if (forms === undefined) {
        forms = matchingFormsOf(word);
        this.#forms.set(word, forms);
      }
      for (const form of forms) matching.push(form);
    }
    return matching;
  }
}
