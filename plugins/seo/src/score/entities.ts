/**
 * Character references in text and attribute values. Rich text editors write the common ones; a few
 * typographic names are here because French content pasted from word processors carries them.
 */
const NAMED: ReadonlyMap<string, string> = new Map(
  Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    shy: '\u00ad',
    laquo: '«',
    raquo: '»',
    lsquo: '‘',
    rsquo: '’',
    ldquo: '“',
    rdquo: '”',
    hellip: '…',
    ndash: '–',
    mdash: '—',
    copy: '©',
    reg: '®',
    euro: '€',
    agrave: 'à',
    acirc: 'â',
    ccedil: 'ç',
    eacute: 'é',
    egrave: 'è',
    ecirc: 'ê',
    euml: 'ë',
    icirc: 'î',
    iuml: 'ï',
    ocirc: 'ô',
    ucirc: 'û',
    ugrave: 'ù',
    oelig: 'œ',
    Eacute: 'É',
    Agrave: 'À',
  }),
);

// One pass, no nested quantifiers: linear on any input.
const REFERENCE = /&(#[xX][0-9a-fA-F]{1,8}|#[0-9]{1,9}|[a-zA-Z][a-zA-Z0-9]{1,10});/g;

/** Code points HTML refuses in a numeric reference (NUL, surrogates, beyond Unicode) become U+FFFD. */
function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, name: string) => {
    if (name.startsWith('#')) {
      const hex = name[1] === 'x' || name[1] === 'X';
      return fromCodePoint(Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return NAMED.get(name) ?? NAMED.get(name.toLowerCase()) ?? whole;
  });
}
