import { decodeEntities } from './entities.js';

/** What the tokenizer reports, in document order. Names are lower-cased; text and values are decoded. */
export interface HtmlHandler {
  openTag(name: string, attributes: ReadonlyMap<string, string>): void;
  closeTag(name: string): void;
  text(text: string): void;
}

// Their contents are code, not words a reader sees.
const RAW_TEXT_END: ReadonlyMap<string, RegExp> = new Map([
  ['script', /<\/script[\s/>]/gi],
  ['style', /<\/style[\s/>]/gi],
]);

const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

function isNameChar(code: number): boolean {
  return isAsciiLetter(code) || (code >= 48 && code <= 57) || code === 45 || code === 58;
}

/**
 * A forgiving HTML tokenizer for scoring, not a conforming parser. It moves forward only (indexOf and
 * single-character steps, never a backtracking pattern over the document), so it stays linear on
 * any input, hostile or truncated.
 */
export function tokenizeHtml(html: string, handler: HtmlHandler): void {
  const length = html.length;
  let position = 0;
  let textStart = 0;
  const flushText = (end: number) => {
    if (end > textStart) handler.text(decodeEntities(html.slice(textStart, end)));
  };

  while (position < length) {
    const open = html.indexOf('<', position);
    if (open === -1) break;
    const next = html.charCodeAt(open + 1);

    if (next === 33 /* ! */ || next === 63 /* ? */) {
      flushText(open);
      const end = html.startsWith('<!--', open) ? skipPast(html, '-->', open + 4) : skipPast(html, '>', open);
      position = textStart = end;
      continue;
    }
    if (next === 47 /* / */) {
      flushText(open);
      const nameEnd = readName(html, open + 2);
      if (nameEnd > open + 2) handler.closeTag(html.slice(open + 2, nameEnd).toLowerCase());
      position = textStart = skipPast(html, '>', nameEnd);
      continue;
    }
    if (!isAsciiLetter(next)) {
      // A lone '<' ("a < b") is text.
      position = open + 1;
      continue;
    }

    flushText(open);
    const nameEnd = readName(html, open + 1);
    const name = html.slice(open + 1, nameEnd).toLowerCase();
    const tag = readAttributes(html, nameEnd);
    handler.openTag(name, tag.attributes);
    position = textStart = tag.end;

    const rawEnd = RAW_TEXT_END.get(name);
    if (rawEnd) {
      rawEnd.lastIndex = position;
      const close = rawEnd.exec(html);
      position = textStart = close ? close.index : length;
    }
  }
  flushText(length);
}

function skipPast(html: string, marker: string, from: number): number {
  const at = html.indexOf(marker, from);
  return at === -1 ? html.length : at + marker.length;
}

function readName(html: string, from: number): number {
  let end = from;
  while (end < html.length && isNameChar(html.charCodeAt(end))) end++;
  return end;
}

/** Reads attributes up to the tag's closing '>' (a '>' inside quotes does not close it). */
function readAttributes(
  html: string,
  from: number,
): { attributes: ReadonlyMap<string, string>; end: number } {
  const length = html.length;
  let attributes: Map<string, string> | undefined;
  let at = from;
  while (at < length) {
    let code = html.charCodeAt(at);
    if (isSpace(code) || code === 47 /* / */) {
      at++;
      continue;
    }
    if (code === 62 /* > */) return { attributes: attributes ?? NO_ATTRIBUTES, end: at + 1 };

    const nameStart = at;
    // The first character is taken whatever it is (even '='), so every turn moves forward.
    at++;
    while (at < length) {
      code = html.charCodeAt(at);
      if (isSpace(code) || code === 61 /* = */ || code === 62 || code === 47) break;
      at++;
    }
    const name = html.slice(nameStart, at).toLowerCase();
    while (at < length && isSpace(html.charCodeAt(at))) at++;

    let value = '';
    if (html.charCodeAt(at) === 61 /* = */) {
      at++;
      while (at < length && isSpace(html.charCodeAt(at))) at++;
      const quote = html[at];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, at + 1);
        const valueEnd = close === -1 ? length : close;
        value = html.slice(at + 1, valueEnd);
        at = valueEnd + 1;
      } else {
        const valueStart = at;
        while (at < length && !isSpace(html.charCodeAt(at)) && html.charCodeAt(at) !== 62) at++;
        value = html.slice(valueStart, at);
      }
    }
    attributes ??= new Map();
    // HTML keeps the first of repeated attributes.
    if (!attributes.has(name)) attributes.set(name, decodeEntities(value));
  }
  return { attributes: attributes ?? NO_ATTRIBUTES, end: length };
}
