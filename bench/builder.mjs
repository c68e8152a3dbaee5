// The visual builder in Chromium on a 500-block page (issue 23): how long until it can be edited,
// how long a click takes to select a block, a keystroke in a text prop to reach the canvas, and one
// save of the whole tree. Run by bench/run.mjs after the HTTP scenarios, against the same server.
//
// A click or a keystroke is timed in the page, from the input's own timestamp: Event Timing's
// duration of its event (to the presentation of the next frame after its handlers), or the time to
// the first painted frame whose DOM shows the result, whichever is longer (withEventTiming says why).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { BLOCK_COUNT, builderPageTree, countBlocks } from './builder-page.mjs';
import { multipartFile } from './scenarios.mjs';
import { describeTarget, targets } from './targets.mjs';

export const BUILDER_PART = 'visual builder (Chromium, 500 blocks)';
const VIEWPORT = { width: 1600, height: 1000 };
const READY_RUNS = 5;
const SELECTIONS = 20;
const TYPED = 'Quick brown foxes jump over lazy dogs 40';
// A fast typist's pace (120 words a minute): work a keystroke leaves behind meets the next one.
const KEYSTROKE_EVERY_MS = 100;
const SAVES = 50;
/** The builder saves 2.5 s after a change; twice that and more is plenty. */
const AUTOSAVE_WAIT_MS = 6000;
/** Types clicked in turn (each title differs from the last one's): leaves, and two that hold blocks. */
const SELECTED_TYPES = [
  'heading',
  'paragraph',
  'image',
  'button',
  'quote',
  'list',
  'faq',
  'tabs',
  'statistics',
  'container',
  'spacer',
  'section',
];

/**
 * Seeds the page, measures it in Chromium and answers the rows to print, or `{ skipped }` with the
 * reason. `context` is run.mjs's (request, host, adminEmail, adminPassword); `options.chromium` the
 * browser's path, `options.profileDir` where to write CPU profiles of the page (or null).
 */
export async function measureBuilder(context, options) {
  if (!existsSync(options.chromium)) return { skipped: noChromium(options.chromium) };
  const session = await signIn(context);
  const page = await seedPage(context, session);
  const browser = await launchChromium(context, options.chromium);
  const run = { context, browser, page, profileDir: options.profileDir };
  // The browser shares the cores with the server: other work on the machine shows in its figures.
  const loadBefore = loadavg()[0];
  try {
    const ready = await measureReady(run);
    const { selections, keystrokes, unsaved } = await measureEditing(run);
    const saves = await measureSaves(context, session, page);
    return {
      rows: [
        row('builder-ready', 'ready to edit', ready),
        row(
          'builder-select',
          'select a block',
          selections.map((each) => each.ms),
        ),
        row(
          'builder-typing',
          'typing into a text prop',
          keystrokes.map((each) => each.ms),
        ),
        row(null, 'one save (POST .../save, 500 blocks)', saves),
      ],
      notes: [
        `ready: a fresh browser context per run (cold HTTP cache) after one not counted, from navigation start: ${ready.map((ms) => ms.toFixed(0)).join(', ')} ms`,
        eventTimingNote('select', selections),
        `select, the slowest: ${slowest(selections)}`,
        eventTimingNote('typing', keystrokes),
        `save: ${SAVES} in a row from Node with the session, ${page.bytes} bytes of JSON each`,
        `machine load (1-minute average) ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`,
        ...(unsaved ? [`WARNING: ${unsaved}`] : []),
      ],
    };
  } finally {
    await browser.close();
  }
}

function row(key, name, samples) {
  return { name, samples, target: key ? targets[key] : undefined };
}

/** The three slowest inputs, with their place in the run: the first ones pay for first use. */
function slowest(inputs) {
  return inputs
    .map((input, i) => ({ ...input, at: i + 1 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((input) => `${input.ms.toFixed(0)} ms (#${input.at}, ${input.what})`)
    .join(', ');
}

/** How far Event Timing and the painted frame agree, so a reader can weigh the figure. */
export function eventTimingNote(name, inputs) {
  const timed = inputs.filter((each) => each.eventTiming !== null);
  const median = (values) => (values.length ? `${quantile(values, 0.5).toFixed(1)} ms` : 'none');
  return (
    `${name}: Event Timing reported ${timed.length} of ${inputs.length} (median ${median(timed.map((each) => each.eventTiming))}); ` +
    `painted frame showing it, median ${median(inputs.map((each) => each.painted))}`
  );
}

// --- seeding through the API -------------------------------------------------------------------

/** A session as the admin's sign-in page makes one: its cookie, and the CSRF token unsafe calls send. */
export async function signIn(context) {
  const answer = await context.request('POST', '/api/auth/login', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: context.adminEmail, password: context.adminPassword }),
  });
  if (answer.status !== 200)
    throw new Error(`sign-in answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
  const cookie = [answer.headers['set-cookie'] ?? []]
    .flat()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('tessera_session='));
  if (!cookie) throw new Error('sign-in set no tessera_session cookie');
  const [name, value] = cookie.split('=');
  const csrf = JSON.parse(answer.body).data.csrf_token;
  return { name, value, headers: { cookie, 'x-csrf-token': csrf } };
}

/** One API call with the session; answers `data`, or fails saying what the server said. */
export async function call(
  context,
  session,
  method,
  path,
  body,
  headers = { 'content-type': 'application/json' },
) {
  const answer = await context.request(method, path, {
    headers: { ...session.headers, ...headers },
    body: body === undefined || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  if (answer.status >= 300)
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.toString().slice(0, 600)}`);
  return JSON.parse(answer.body).data;
}

/** Two photos in the library, and a page holding the 500-block tree as saved: its id, version, blocks. */
async function seedPage(context, session) {
  const mediaIds = [];
  for (const [i, photo] of (await photos()).entries()) {
    const { body, type } = multipartFile(`builder-photo-${i}.jpg`, photo);
    mediaIds.push(
      (await call(context, session, 'POST', '/api/media/upload', body, { 'content-type': type })).id,
    );
  }
  const catalog = await call(context, session, 'GET', '/api/builder/blocks');
  const blocks = builderPageTree(catalog, mediaIds);
  const created = await call(context, session, 'POST', '/api/pages', { title: 'Builder bench' });
  const saved = await call(context, session, 'POST', `/api/builder/page/${created.id}/save`, {
    version: created.version,
    blocks,
  });
  if (countBlocks(saved.blocks) !== BLOCK_COUNT)
    throw new Error(`the saved page holds ${countBlocks(saved.blocks)} blocks, not ${BLOCK_COUNT}`);
  const labels = new Map(catalog.map((type) => [type.type, type.label]));
  return {
    id: created.id,
    blocks: saved.blocks,
    labelOf: (type) => labels.get(type) ?? type,
    bytes: JSON.stringify({ version: saved.version, blocks: saved.blocks }).length,
  };
}

/** Two 1600 x 1000 JPEGs of smooth colour, as photos would be: the canvas shows their variants. */
async function photos() {
  const { default: sharp } = await import('sharp');
  return Promise.all(
    [
      { r: 30, g: 90, b: 160 },
      { r: 200, g: 120, b: 40 },
    ].map((background, i) =>
      sharp({ create: { width: 1600, height: 1000, channels: 3, background } })
        .composite([
          {
            input: Buffer.from(
              `<svg width="1600" height="1000"><defs><linearGradient id="g${i}"><stop offset="0" stop-color="#fff" stop-opacity="0.6"/><stop offset="1" stop-color="#000" stop-opacity="0.4"/></linearGradient></defs><rect width="1600" height="1000" fill="url(#g${i})"/><circle cx="${500 + i * 600}" cy="500" r="260" fill="#fc6"/></svg>`,
            ),
          },
        ])
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
}

// --- the browser ---------------------------------------------------------------------------------

/** A new browser context signed in with a session of its own, and a page in it. */
async function openSignedIn(run) {
  return signedInPage(run.browser, run.context, await signIn(run.context));
}

/** Why a browser part is skipped: no Chromium where the bench looks. */
export const noChromium = (path) => `no Chromium at ${path} (CHROME_PATH names another)`;

/** Chromium at `path`, asking for the bench's site by its name, as an editor's browser would. */
export async function launchChromium(context, path) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: path,
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${context.host} 127.0.0.1`],
  });
}

/** A new browser context with the session's cookie, and a page in it. */
export async function signedInPage(browser, context, session) {
  const browserContext = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
  await browserContext.addCookies([
    {
      name: session.name,
      value: session.value,
      domain: context.host,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  const page = await browserContext.newPage();
  page.setDefaultTimeout(30_000);
  return { browserContext, page };
}

const builderUrl = (run) => `${run.context.browserOrigin}/admin/builder/page/${run.page.id}`;

/**
 * From navigation start (the document's time origin, when page.goto begins) to the first painted
 * frame showing all 500 blocks on the canvas with the palette's buttons enabled. A fresh context per
 * run: nothing in the browser's cache, as the first open of the day.
 */
async function measureReady(run) {
  const samples = [];
  // A first opening, not counted, as the HTTP scenarios' warm-up: the server reads the admin's files
  // into its cache and compiles the builder's routes once, which no editor after the first pays.
  for (let i = -1; i < READY_RUNS; i += 1) {
    const { browserContext, page } = await openSignedIn(run);
    try {
      const profiling = i === READY_RUNS - 1 ? await startProfile(run, page) : null;
      const ms = await openBuilder(run, page);
      if (i >= 0) samples.push(ms);
      await stopProfile(run, profiling, 'ready');
    } finally {
      await browserContext.close();
    }
  }
  return samples;
}

/** Opens the builder on the page and answers when it was ready, in ms since navigation start. */
async function openBuilder(run, page) {
  // Watched from the document's first moment, so no frame is missed.
  await page.addInitScript(watchReady, BLOCK_COUNT);
  await page.goto(builderUrl(run), { waitUntil: 'commit' });
  const ready = await page.evaluate(() => window.__benchReady);
  // BENCH_TRACE=1: what the opening waited for, each request's start and end since navigation start
  // (BENCH_TRACE=all: every script and stylesheet too, not only the entry's and the builder's).
  if (process.env.BENCH_TRACE)
    console.log(
      await page.evaluate(
        (all) =>
          performance
            .getEntriesByType('resource')
            .map(
              (entry) =>
                `${Math.round(entry.startTime)}-${Math.round(entry.responseEnd)} ${entry.name.replace(location.origin, '')}`,
            )
            .filter((line) => all || !line.includes('/assets/') || /index|BuilderPage|en-/.test(line))
            .join('\n'),
        process.env.BENCH_TRACE === 'all',
      ),
      `\nready ${Math.round(ready)}`,
    );
  return ready;
}

/**
 * Runs in the page before its scripts: window.__benchReady, a promise of performance.now() once a
 * frame showing `count` blocks on the canvas and the palette enabled has been painted.
 */
function watchReady(count) {
  // The canvas is a frame of its own: the watch is the page's.
  if (window.top !== window) return;
  window.__benchReady = new Promise((resolve, reject) => {
    const check = () => {
      const canvas = document.querySelector('[data-testid="builder-canvas"]')?.contentDocument;
      const blocks = canvas?.querySelectorAll('[data-block-id]').length ?? 0;
      const palette = document.querySelectorAll('[data-block-type]').length;
      const enabled = document.querySelectorAll('[data-block-type]:not([disabled])').length;
      if (blocks === count && palette > 0 && enabled === palette) {
        // Inside requestAnimationFrame the frame is not painted yet; a message posted now is
        // handled once it is.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      } else if (performance.now() > 30_000)
        reject(new Error(`the builder showed ${blocks} of ${count} blocks after 30 s`));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** One signed-in page: 20 selections of different blocks, then 40 keystrokes in a heading's text. */
async function measureEditing(run) {
  const { browserContext, page } = await openSignedIn(run);
  try {
    await openBuilder(run, page);
    // Photos, the edit lock and the canvas's data arrive first: the editor at rest, as one finds it.
    // (Playwright's 'networkidle' no longer comes on this page although no request is pending and
    // every frame is complete; waited for here as what it stood for: the canvas's pictures loaded,
    // then a quiet second.)
    await page.waitForFunction(() => {
      const canvas = document.querySelector('[data-testid="builder-canvas"]');
      const inner = canvas instanceof HTMLIFrameElement ? canvas.contentDocument : null;
      return inner !== null && [...inner.images].every((image) => image.complete);
    });
    await page.waitForTimeout(1000);
    await page.evaluate(watchEventTiming);
    let profiling = await startProfile(run, page);
    const selected = [];
    for (const block of blocksToSelect(run.page.blocks))
      selected.push({ ...(await select(page, block, run.page.labelOf(block.type))), what: block.type });
    await stopProfile(run, profiling, 'select');

    const heading = middleHeading(run.page.blocks);
    await select(page, heading, run.page.labelOf('heading'));
    const input = page.locator('aside.builder-right').getByLabel('Text', { exact: true });
    await input.click();
    await page.keyboard.press('End');
    profiling = await startProfile(run, page);
    const typed = await typeInto(page, heading);
    await stopProfile(run, profiling, 'typing');
    const unsaved = await autosaveProblem(page);
    return {
      unsaved,
      selections: await withEventTiming(page, selected, 'click'),
      keystrokes: await withEventTiming(page, typed, 'keydown'),
    };
  } finally {
    await browserContext.close();
  }
}

/**
 * The builder's autosave of the typing (a few seconds after a change): null once saved, else what
 * its status says. Not a failure of the bench: the figures stand, the note says it.
 */
async function autosaveProblem(page) {
  const status = page.locator('[data-save-status]');
  await page
    .waitForFunction(
      () => document.querySelector('[data-save-status]')?.dataset.saveStatus === 'saved',
      null,
      { timeout: AUTOSAVE_WAIT_MS, polling: 100 },
    )
    .catch(() => undefined);
  const state = await status.getAttribute('data-save-status');
  if (state === 'saved') return null;
  return `the builder had not saved the typing ${AUTOSAVE_WAIT_MS / 1000} s after the last keystroke: ${state} ("${await status.textContent()}")`;
}

/** SELECTIONS blocks spread over the page, no two in a row of the same type. */
function blocksToSelect(blocks) {
  const all = flatten(blocks);
  return Array.from({ length: SELECTIONS }, (_, i) => {
    const type = SELECTED_TYPES[i % SELECTED_TYPES.length];
    const ofType = all.filter((block) => block.type === type);
    if (ofType.length === 0) throw new Error(`the builder page holds no ${type} to select`);
    return ofType[Math.floor(((i + 0.5) / SELECTIONS) * ofType.length)];
  });
}

function middleHeading(blocks) {
  const headings = flatten(blocks).filter((block) => block.type === 'heading');
  return headings[Math.floor(headings.length / 2)];
}

/** Every block of the tree, in page order. */
function flatten(blocks) {
  return blocks.flatMap((block) => [block, ...flatten(block.children ?? [])]);
}

/**
 * Clicks a block on the canvas (scrolled into view first, not timed) and answers when the click
 * happened and when a painted frame first showed the settings title naming the block. A block
 * holding others is clicked inside its padding, a leaf in its middle.
 */
async function select(page, block, label) {
  const target = page.frameLocator('[data-testid="builder-canvas"]').locator(`[data-block-id="${block.id}"]`);
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`block ${block.id} (${block.type}) has no box on the canvas`);
  const holds = block.children !== undefined;
  const point = holds
    ? { x: box.x + 3, y: box.y + 3 }
    : { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // The pointer arrives first (the canvas marks the block under it), then the click: as a hand does.
  await page.mouse.move(point.x, point.y);
  await nextFrames(page);
  await page.evaluate(armShown, { kind: 'select', expected: `Settings: ${label}` });
  await page.mouse.click(point.x, point.y);
  return page.evaluate(() => window.__benchShown);
}

/** Two animation frames: what the last step started (a scroll, a hover) is painted. */
function nextFrames(page) {
  return page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** 40 characters at the end of the heading's Text input, each until the canvas showed it painted. */
async function typeInto(page, heading) {
  const samples = [];
  let text = heading.props.text;
  for (const character of TYPED) {
    text += character;
    const sent = performance.now();
    await page.evaluate(armShown, { kind: 'type', expected: text, blockId: heading.id });
    await page.keyboard.type(character);
    samples.push(await page.evaluate(() => window.__benchShown));
    const left = KEYSTROKE_EVERY_MS - (performance.now() - sent);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
  return samples;
}

/**
 * Runs in the page: sets window.__benchShown to a promise of { start, painted }: the next input
 * event's timestamp (a click in the canvas, a keydown in the page) on the page's clock, and the
 * milliseconds from it to the painted frame that shows its result (the settings title reads
 * `expected`, or the canvas block's text holds it).
 */
function armShown({ kind, expected, blockId }) {
  const canvas = document.querySelector('[data-testid="builder-canvas"]').contentWindow;
  const shown =
    kind === 'select'
      ? () => document.querySelector('aside.builder-right h2')?.textContent === expected
      : () =>
          canvas.document
            .querySelector(`[data-block-id="${CSS.escape(blockId)}"]`)
            ?.textContent.includes(expected) === true;
  window.__benchShown = new Promise((resolve, reject) => {
    let start = null;
    // The event's timestamp is on its window's clock: the canvas's is converted to the page's.
    const [source, type, offset] =
      kind === 'select'
        ? [canvas.document, 'click', canvas.performance.timeOrigin - performance.timeOrigin]
        : [window, 'keydown', 0];
    source.addEventListener(
      type,
      (event) => {
        start = event.timeStamp + offset;
      },
      { capture: true, once: true },
    );
    const deadline = performance.now() + 10_000;
    const check = () => {
      if (start !== null && shown()) {
        // Inside requestAnimationFrame the frame is not painted yet; a message posted now is
        // handled once it is.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ start, painted: performance.now() - start });
        channel.port2.postMessage(null);
      } else if (performance.now() > deadline)
        reject(new Error(`${kind}: "${expected}" not shown within 10 s (input seen: ${start !== null})`));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/**
 * Runs in the page: Event Timing's entries of the page and of the canvas (durationThreshold 16, the
 * least it takes) into window.__benchEvents, their start on the page's clock.
 */
export function watchEventTiming() {
  // The builder's canvas is a frame of its own; other screens (the rich-text editor) have none.
  const canvas = document.querySelector('[data-testid="builder-canvas"]')?.contentWindow;
  window.__benchEvents = [];
  for (const [scope, offset] of [
    [window, 0],
    ...(canvas ? [[canvas, canvas.performance.timeOrigin - performance.timeOrigin]] : []),
  ])
    new scope.PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__benchEvents.push({
          name: entry.name,
          start: entry.startTime + offset,
          duration: entry.duration,
        });
    }).observe({ type: 'event', durationThreshold: 16 });
}

/**
 * Each input's time: Event Timing's duration of its event (from the input to the presentation of the
 * next frame after its handlers, in steps of 8 ms) or the time to the painted frame that showed the
 * result, whichever is longer: Event Timing reports nothing under 16 ms, and would stop at a frame
 * painted before the result arrived.
 */
export async function withEventTiming(page, inputs, name) {
  // Entries are delivered a little after their frame is presented.
  await page.waitForTimeout(500);
  const entries = await page.evaluate(() => window.__benchEvents);
  return inputs.map((input) => {
    const entry = entries.find((each) => each.name === name && Math.abs(each.start - input.start) < 0.5);
    const eventTiming = entry?.duration ?? null;
    return { ...input, ms: Math.max(input.painted, eventTiming ?? 0), eventTiming };
  });
}

// --- CPU profiles of the page (BENCH_BROWSER_PROFILE) --------------------------------------------
// One for the ready phase's last opening, one for the clicks, one for the typing. The profiler slows
// the page: the figures of a profiled run are not the ones to quote.

async function startProfile(run, page) {
  if (!run.profileDir) return null;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return cdp;
}

async function stopProfile(run, cdp, name) {
  if (!cdp) return;
  const { profile } = await cdp.send('Profiler.stop');
  mkdirSync(run.profileDir, { recursive: true });
  const file = join(run.profileDir, `builder-${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  await cdp.detach();
}

// --- saves -----------------------------------------------------------------------------------------

/**
 * SAVES saves of the 500-block tree one after another from Node, with the session cookie and CSRF
 * header as the builder sends them, each with the version the last one made.
 */
async function measureSaves(context, session, page) {
  let { version } = await call(context, session, 'GET', `/api/pages/${page.id}`);
  const blocks = structuredClone(page.blocks);
  const samples = [];
  for (let i = 0; i < SAVES; i += 1) {
    blocks[0].children[0].children[0].props.text = `Sites that stay fast, save ${i}`;
    const started = performance.now();
    const saved = await call(context, session, 'POST', `/api/builder/page/${page.id}/save`, {
      version,
      blocks,
    });
    samples.push(performance.now() - started);
    version = saved.version;
  }
  return samples;
}

// --- the table -------------------------------------------------------------------------------------

/** Nearest rank, as printTimings in run.mjs: with 20 samples p95 and p99 are the slowest. */
function quantile(samples, q) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Whether a row meets its target: `maxMs` is "at most, every time" (its p95), `medianMs` the median. */
function verdict(row) {
  const target = row.target;
  if (!target) return '-';
  if (target.medianMs !== undefined) return quantile(row.samples, 0.5) <= target.medianMs ? 'yes' : 'NO';
  if (quantile(row.samples, 0.95) <= target.maxMs) return 'yes';
  return quantile(row.samples, 0.5) <= target.maxMs ? 'NO (median yes)' : 'NO';
}

export function printBuilder(result, title = BUILDER_PART) {
  if (result.skipped) {
    console.log(`\n${title}: skipped, ${result.skipped}`);
    return;
  }
  const header = ['measure', 'runs', 'median ms', 'p95 ms', 'p99 ms', 'target', 'met'];
  const lines = result.rows.map((row) => [
    row.name,
    String(row.samples.length),
    ...[0.5, 0.95, 0.99].map((q) => quantile(row.samples, q).toFixed(1)),
    row.target ? describeTarget(row.target) : '—',
    verdict(row),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(format(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
  for (const note of result.notes) console.log(`  ${note}`);
}
