/** The numbers behind a chart: scales, ticks and arcs, with nothing of React. */

/** A rounded figure for SVG coordinates and labels: two decimals at most, never NaN or -0. */
export function round(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? 0 : r;
}

/**
 * A scale from `min` to `max` on round steps (1, 2 or 5 times a power of ten) that includes zero,
 * so bars start from a baseline; a flat series gets a scale of one step.
 */
export function niceScale(
  values: readonly number[],
  steps = 5,
): { min: number; max: number; step: number; ticks: number[] } {
  const finite = values.filter(Number.isFinite);
  let low = Math.min(0, ...finite);
  let high = Math.max(0, ...finite);
  if (high === low) high = low + 1;
  const raw = (high - low) / steps;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  const step = (residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10) * magnitude;
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let tick = low; tick <= high + step / 2; tick += step) ticks.push(round(tick));
  return { min: low, max: high, step, ticks };
}

/** Maps a value of [min, max] onto [from, to] (to may be smaller: SVG's y grows downwards). */
export function linear(min: number, max: number, from: number, to: number): (value: number) => number {
  return (value) => round(from + ((value - min) / (max - min)) * (to - from));
}

/**
 * The path of a pie slice (inner 0) or a donut segment, from `start` to `end` (radians, clockwise
 * from twelve o'clock). A whole turn is two half arcs: one arc cannot start and end at one point.
 */
export function arcPath(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  start: number,
  end: number,
): string {
  const sweep = end - start;
  if (sweep >= Math.PI * 2 - 1e-9) {
    const half = start + Math.PI;
    return `${arcPath(cx, cy, outer, inner, start, half)} ${arcPath(cx, cy, outer, inner, half, start + Math.PI * 2)}`;
  }
  const at = (radius: number, angle: number) =>
    `${round(cx + radius * Math.sin(angle))} ${round(cy - radius * Math.cos(angle))}`;
  const large = sweep > Math.PI ? 1 : 0;
  if (inner <= 0)
    return `M${cx} ${cy} L${at(outer, start)} A${outer} ${outer} 0 ${large} 1 ${at(outer, end)} Z`;
  return (
    `M${at(outer, start)} A${outer} ${outer} 0 ${large} 1 ${at(outer, end)} ` +
    `L${at(inner, end)} A${inner} ${inner} 0 ${large} 0 ${at(inner, start)} Z`
  );
}
