// The targets of docs/performance.md, as ratios to bare Node (and p99 latencies in ms). A scenario of
// bench/scenarios.mjs that measures one names it with `measures: '<key>'`; the bench prints the
// target next to the scenario's ratio, says whether it is met, and lists the targets no scenario
// measures yet. The builder's (issue 23) are times in Chromium, measured by bench/builder.mjs:
// `maxMs` is "at most, every time", judged on the p95 of the runs; `medianMs` is judged on the median.
// Keep this file and docs/performance.md in step.

/** @type {Record<string, { label: string, ratio?: number, p99Ms?: number, maxMs?: number, medianMs?: number, other?: string }>} */
export const targets = {
  'cached-page': { label: 'public page from the page cache', ratio: 0.8, p99Ms: 40 },
  'post-page': { label: 'public post page rendered without cache', ratio: 0.05 },
  'builder-page': { label: 'builder page of 200 blocks rendered without cache', ratio: 0.02 },
  'posts-list': { label: 'GET /api/posts?limit=10 with a token', ratio: 0.13, p99Ms: 20 },
  'post-one': { label: 'GET /api/posts/{id} with a token', ratio: 0.2 },
  'api-me': { label: 'GET /api/me with a token', ratio: 0.3 },
  search: { label: 'GET /api/search over 10,000 posts', ratio: 0.07, p99Ms: 20 },
  'image-upload': {
    label: '12-megapixel JPEG upload to WebP with 4 variants',
    other: 'median <= 1 s, peak RSS <= 350 MB',
  },
  'builder-ready': { label: 'visual builder ready to edit a 500-block page', maxMs: 1000 },
  'builder-select': { label: 'visual builder: a block selected on the canvas', maxMs: 100 },
  'builder-typing': { label: 'visual builder: a keystroke in a text prop shown', medianMs: 50 },
  'richtext-typing': { label: 'rich-text editor: a keystroke shown on a 100,000-word post', maxMs: 50 },
};

/** The targets bench/builder.mjs and bench/richtext.mjs measure (scenarios name theirs with `measures`). */
export const BUILDER_TARGETS = ['builder-ready', 'builder-select', 'builder-typing', 'richtext-typing'];

/** Peak resident memory of the server under the request loads (each scenario from its own start), in MiB. */
export const MEMORY_TARGET_MIB = 200;

/**
 * Issue 39: at 32 connections an API scenario's p99 at most this many times its median (a tail far
 * above the median means requests queue unfairly or the event loop stalls). Judged on the scenarios
 * whose name starts with `GET /api/`.
 */
export const TAIL_TARGET = 3;
export const isApiScenario = (name) => name.startsWith('GET /api/');

/** The soak's: the server's largest resident set after its first minute at most 10 % above the first's. */
export const SOAK_RSS_GROWTH = 0.1;

/** The target a scenario is judged by: the one it `measures`, else its own `target`/`p99Ms`, else none. */
export function targetOf(scenario) {
  if (scenario.measures === undefined) return { ratio: scenario.target, p99Ms: scenario.p99Ms };
  const target = targets[scenario.measures];
  if (!target)
    throw new Error(`scenario "${scenario.name}" measures an unknown target "${scenario.measures}"`);
  return { ratio: target.ratio, p99Ms: target.p99Ms };
}

/** How a target reads in the table: ">= 0.13 x, p99 <= 20 ms", "p95 <= 1000 ms". */
export function describeTarget(target) {
  return [
    target.ratio !== undefined ? `>= ${target.ratio} x` : '',
    target.p99Ms !== undefined ? `p99 <= ${target.p99Ms} ms` : '',
    target.maxMs !== undefined ? `p95 <= ${target.maxMs} ms` : '',
    target.medianMs !== undefined ? `median <= ${target.medianMs} ms` : '',
    target.other ?? '',
  ]
    .filter(Boolean)
    .join(', ');
}
