import { contrastRatio } from './appearance/contrast.js';

/** Where the brand colour itself sits in its scale: what filled buttons and the current link show. */
export const BRAND_SHADE = 6;
/**
 * Mantine picks black or white text on a filled colour by this luminance: the point where both
 * contrast equally, so the one it picks is always the better one (at least 4.58:1 on any colour).
 */
export const CONTRAST_LUMINANCE = 0.179;
// How far each lighter shade (0 to 5) goes toward white, and each darker one (7 to 9) toward black.
const TOWARD_WHITE = [0.95, 0.88, 0.76, 0.6, 0.42, 0.22];
const TOWARD_BLACK = [0.2, 0.38, 0.55];
// The darkest shade is text on the palest ones (light variants): at least AA, on white too.
const AA = 4.5;

/**
 * Ten shades of a brand colour for Mantine, the colour itself at BRAND_SHADE: pale tints for the
 * light backgrounds (a chosen row, a light button) that the page's own text reads on, and a dark
 * end for the text on them. Not ten copies of the colour: those made a chosen folder's row navy
 * under black text.
 */
export function brandShades(primary: string): string[] {
  const lighter = TOWARD_WHITE.map((amount) => mix(primary, '#ffffff', amount));
  const darker = TOWARD_BLACK.map((amount) => mix(primary, '#000000', amount));
  // A light brand colour (a yellow) darkens further until its darkest shade reads on white.
  let amount = TOWARD_BLACK[2] ?? 0.55;
  while ((contrastRatio(darker[2] ?? '#000000', '#ffffff') ?? 21) < AA && amount < 1) {
    amount = Math.min(1, amount + 0.05);
    darker[2] = mix(primary, '#000000', amount);
  }
  return [...lighter, primary.toLowerCase(), ...darker];
}

/** `#rrggbb` of `from` moved `amount` (0 to 1) of the way to `to`. */
function mix(from: string, to: string, amount: number): string {
  const channels = (color: string) => [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16));
  const a = channels(from);
  const b = channels(to);
  return `#${a
    .map((value, i) =>
      Math.round(value + ((b[i] ?? 0) - value) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
