/** WCAG 2 contrast between two `#rrggbb` colours, from 1 to 21; null when either is not one. */
export function contrastRatio(foreground: string | null, background: string | null): number | null {
  const a = luminance(foreground);
  const b = luminance(background);
  if (a === null || b === null) return null;
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/** What a ratio passes for body text: AAA from 7, AA from 4.5, else nothing. */
export function contrastLevel(ratio: number): 'aaa' | 'aa' | 'fail' {
  return ratio >= 7 ? 'aaa' : ratio >= 4.5 ? 'aa' : 'fail';
}

function luminance(color: string | null): number | null {
  const match = color ? /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color) : null;
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((hex) => {
    const channel = Number.parseInt(hex, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
