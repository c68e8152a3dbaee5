// The soak (`node bench/run.mjs --soak [--soak-minutes N]`, issue 39): on the bench's 10,000 seeded
// posts, N minutes of mixed reads (lists, single posts, searches, public pages from the page cache
// and rendered) and saves at 32 connections, the server's resident set sampled every 5 s. It passes
// when every answer is a 2xx (or a save's 409, reread and retried) and the largest resident set of
// minutes 2..N is at most 10 % above the largest of minute 1: memory that keeps growing once caches
// and pools have filled is a leak, whatever the absolute figure (docs/performance.md, "Soak").
import autocannon from 'autocannon';
import { BROWSER_USER_AGENT, contentToken, WORDS } from './scenarios.mjs';
import { SOAK_RSS_GROWTH } from './targets.mjs';

const SAMPLE_SECONDS = 5;
const SAMPLES_A_MINUTE = 60 / SAMPLE_SECONDS;
const POSTS = 10_000;
// The pages visitors keep coming back to: few enough for the page cache (16 MB) to hold them all,
// so those visits are answered from it once the first minute has rendered each of them.
const POPULAR_POSTS = 500;
// Strides through a range that visit every element in an order far from sequential (primes that
// divide none of the ranges' sizes).
const STRIDE = 7919;

/**
 * Runs the soak against the bench's server and prints its table and verdict; answers whether it
 * passed. `residentMiB()` is the server's resident set now (its processes summed).
 */
export async function runSoak(context, { minutes, connections, residentMiB }) {
  const auth = await contentToken(context);
  const ids = await postIds(context, auth);
  console.log(
    `Seeded ${ids.length.toLocaleString('en-US')} posts; server RSS before the load: ${mib(residentMiB())}`,
  );

  const perMinute = Array.from({ length: minutes }, () => ({ rss: [], requests: 0, errors: 0 }));
  const failures = new Map();
  const started = performance.now();
  const minuteNow = () => Math.min(minutes - 1, Math.floor((performance.now() - started) / 60_000));
  const record = (status) => {
    const minute = perMinute[minuteNow()];
    minute.requests += 1;
    if ((status >= 200 && status < 300) || status === 409) return;
    minute.errors += 1;
    failures.set(status, (failures.get(status) ?? 0) + 1);
  };

  // All connections but one read; the last saves, one save after another.
  const reads = autocannon({
    url: context.tessera,
    headers: { host: context.host },
    connections: connections - 1,
    duration: minutes * 60,
    requests: [{ method: 'GET', setupRequest: mixedRead(ids, auth) }],
  });
  reads.on('response', (_client, status) => record(status));
  reads.on('reqError', () => record('transport error'));
  let loading = true;
  const saves = saveInTurn(context, auth, ids, record, () => loading);

  printMinuteHeader();
  for (let sample = 1; sample <= minutes * SAMPLES_A_MINUTE; sample += 1) {
    const due = started + sample * SAMPLE_SECONDS * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const minute = Math.ceil(sample / SAMPLES_A_MINUTE);
    const rss = residentMiB();
    if (rss != null) perMinute[minute - 1].rss.push(rss);
    if (sample % SAMPLES_A_MINUTE === 0) printMinute(minute, perMinute[minute - 1]);
  }
  const result = await reads;
  loading = false;
  const saved = await saves;

  const total = perMinute.reduce((sum, minute) => sum + minute.requests, 0);
  console.log(
    `\nReads: ${Math.round(result.requests.average).toLocaleString('en-US')} req/s on ${connections - 1} connections, ` +
      `median ${result.latency.p50} ms, p99 ${result.latency.p99} ms; saves on one connection: ${saved.saves.toLocaleString('en-US')} ` +
      `(${saved.conflicts} answered 409 and were reread); ${total.toLocaleString('en-US')} requests in all`,
  );
  return judge(perMinute, failures);
}

/**
 * Each read the next of five kinds in turn, each kind walking its own range: a page of the list, a
 * post by id, a search for two of the posts' words (the second still being typed), a popular post's
 * page (from the page cache) and any post's page with a query string of its own (rendered).
 */
function mixedRead(ids, auth) {
  const page = { 'user-agent': BROWSER_USER_AGENT };
  const kinds = [
    (k) => ({ path: `/api/posts?limit=10&page=${1 + ((k * STRIDE) % (POSTS / 10))}`, headers: auth }),
    (k) => ({ path: `/api/posts/${ids[(k * STRIDE) % ids.length]}`, headers: auth }),
    (k) => {
      const first = WORDS[k % WORDS.length];
      const second = WORDS[(k * STRIDE) % WORDS.length].slice(0, 4);
      return { path: `/api/search?q=${first}%20${second}`, headers: {} };
    },
    (k) => ({ path: `/2026/01/post-${1 + ((k * STRIDE) % POPULAR_POSTS)}`, headers: page }),
    (k) => ({ path: `/2026/01/post-${1 + ((k * STRIDE) % POSTS)}?v=${k}`, headers: page }),
  ];
  let next = 0;
  return (request) => {
    const n = next++;
    const { path, headers } = kinds[n % kinds.length](Math.floor(n / kinds.length));
    return { ...request, path, headers: { ...request.headers, ...headers } };
  };
}

/**
 * Saves a post's title with the version last seen, one after another, until `going()` says stop.
 * A 409 (the post moved on) rereads the post and saves again with its version.
 */
async function saveInTurn(context, auth, ids, record, going) {
  const headers = { host: context.host, 'content-type': 'application/json', ...auth };
  const versions = new Map();
  let saves = 0;
  let conflicts = 0;
  const call = async (method, path, body) => {
    try {
      const answer = await context.request(method, path, { headers, body: body && JSON.stringify(body) });
      record(answer.status);
      return answer;
    } catch {
      record('transport error');
      // A server that refuses connections would otherwise be asked as fast as the loop turns.
      await new Promise((resolve) => setTimeout(resolve, 100));
      return null;
    }
  };
  for (let k = 0; going(); k += 1) {
    const id = ids[(k * STRIDE) % ids.length];
    if (!versions.has(id)) {
      const read = await call('GET', `/api/posts/${id}`);
      if (read?.status !== 200) continue;
      versions.set(id, JSON.parse(read.body).data.version);
    }
    const title = `Post ${id}, soak save ${k + 1}`;
    const answer = await call('PUT', `/api/posts/${id}`, { title, version: versions.get(id) });
    saves += 1;
    if (answer?.status === 200) versions.set(id, JSON.parse(answer.body).data.version);
    else {
      if (answer?.status === 409) conflicts += 1;
      versions.delete(id);
    }
  }
  return { saves, conflicts };
}

/** The ids of the seeded posts, read a hundred at a time. */
async function postIds(context, auth) {
  const ids = [];
  for (let page = 1; ; page += 1) {
    const answer = await context.request('GET', `/api/posts?limit=100&page=${page}`, { headers: auth });
    if (answer.status !== 200) throw new Error(`listing the posts answered ${answer.status}`);
    const { data } = JSON.parse(answer.body);
    ids.push(...data.map((post) => post.id));
    if (data.length < 100) return ids;
  }
}

const COLUMNS = ['minute', 'RSS MiB min', 'RSS MiB max', 'requests', 'errors'];

function printMinuteHeader() {
  console.log(`\n| ${COLUMNS.join(' | ')} |`);
  console.log(`|${COLUMNS.map((title) => '-'.repeat(title.length + 2)).join('|')}|`);
}

function printMinute(number, { rss, requests, errors }) {
  const cells = [
    String(number),
    rss.length ? Math.min(...rss).toFixed(1) : '?',
    rss.length ? Math.max(...rss).toFixed(1) : '?',
    requests.toLocaleString('en-US'),
    String(errors),
  ];
  console.log(`| ${cells.map((cell, i) => cell.padStart(COLUMNS[i].length)).join(' | ')} |`);
}

/** The verdict: no answer but 2xx and 409, and RSS after the first minute within the growth allowed. */
function judge(perMinute, failures) {
  const peak = (minutes) => Math.max(...minutes.flatMap((minute) => minute.rss));
  const first = peak(perMinute.slice(0, 1));
  const later = peak(perMinute.slice(1));
  const growth = later / first - 1;
  const memoryKnown = Number.isFinite(growth);
  const memoryHeld = memoryKnown && growth <= SOAK_RSS_GROWTH;
  console.log(
    memoryKnown
      ? `RSS: largest of minute 1 ${mib(first)}, largest of ${perMinute.length === 2 ? 'minute 2' : `minutes 2-${perMinute.length}`} ${mib(later)}: ` +
          `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} % ` +
          `(at most +${SOAK_RSS_GROWTH * 100} %): ${memoryHeld ? 'met' : 'NO'}`
      : 'RSS: unavailable (no /proc): not judged',
  );
  const failed = [...failures].map(([status, count]) => `${count} x ${status}`);
  console.log(
    `Answers: ${failed.length === 0 ? 'every one a 2xx or a 409: met' : `NO, failed: ${failed.join(', ')}`}`,
  );
  const passed = failed.length === 0 && (memoryHeld || !memoryKnown);
  console.log(`Soak: ${passed ? 'passed' : 'FAILED'}`);
  return passed;
}

const mib = (value) => (value == null ? 'unavailable' : `${value.toFixed(1)} MiB`);
