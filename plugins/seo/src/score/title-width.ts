/**
 * Search results cut titles by width, not by characters (about 580 px on desktop, in Arial at 20 px).
 * These are approximate advance widths of Arial as fractions of the font size, grouped by how wide
 * letters look; good enough to tell "WWW..." from "illicit..." of the same length.
 */
const WIDTH_GROUPS: ReadonlyArray<readonly [string, number]> = [
  ["'", 0.19],
  ['|', 0.26],
  ['ijl', 0.22],
  ['ft .,:;!/\\[]I’‘', 0.28],
  ['r()-{}"', 0.33],
  ['cksvxyzJ*', 0.5],
  ['abdeghnopqu0123456789?$_#L–«»€', 0.56],
  ['+=<>~', 0.58],
  ['FTZ', 0.61],
  ['ABEKPSVXY&', 0.67],
  ['CDHNRUw', 0.72],
  ['GOQ©®', 0.78],
  ['mM', 0.83],
  ['%', 0.89],
  ['W', 0.94],
  ['—…@', 1.0],
];

const WIDTHS = new Map<string, number>();
for (const [characters, width] of WIDTH_GROUPS)
  for (const character of characters) WIDTHS.set(character, width);

const FONT_SIZE_PX = 20;
/** Letters of other scripts: about a Latin letter's width, or a full em for East Asian ones. */
const OTHER_SCRIPT = 0.6;
const WIDE_SCRIPT = 1.0;

function widthOf(character: string): number {
  const known = WIDTHS.get(character);
  if (known !== undefined) return known;
  // An accented letter is as wide as its base letter: "é" as "e".
  const base = WIDTHS.get(character.normalize('NFD')[0] ?? '');
  if (base !== undefined) return base;
  return (character.codePointAt(0) ?? 0) >= 0x2e80 ? WIDE_SCRIPT : OTHER_SCRIPT;
}

/** The title's estimated width in search results, in pixels. */
export function titleWidthPx(title: string): number {
  let ems = 0;
  for (const character of title) ems += widthOf(character);
  return Math.round(ems * FONT_SIZE_PX);
}
