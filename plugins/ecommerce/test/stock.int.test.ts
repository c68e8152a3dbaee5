import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerForRuntime } from '../../../apps/server/src/core/jobs/worker.js';
import { MAIL_JOB } from '../../../apps/server/src/core/mail/mail-job.js';
import { type ContentSite, seedContentSite } from '../../../apps/server/test/content-fixtures.js';
import { startSmtp } from '../../../apps/server/test/fixtures/smtp.js';
import { createTestApp, type TestContext, testEngine } from '../../../apps/server/test/harness.js';
import { installPlugins, pluginFixtures } from '../../../apps/server/test/plugin-fixtures.js';
import type { StockLevel, StockLine } from '../src/api.js';
import { activateShop, createProduct, option, variant } from './fixtures.js';

// Stock inside Tessera, on the engine of the run: what sells is a plugin requiring the shop and
// calling its API, as the checkout will; buyers racing for the last units, orders taken whole or
// not at all, stock given back, and the managers' mail when a sale brings a SKU low.

const fixtures = pluginFixtures('tessera-ecommerce-stock-');
const till = fixtures.write(
  'till-fixture',
  `export default (plugin) => {
     const shop = () => plugin.api.of('ecommerce');
     plugin.routes.post('/sell', { permission: 'public', summary: 'Sells lines' },
       (ctx, { body }) => shop().decrementStock(ctx, body.lines));
     plugin.routes.post('/return', { permission: 'public', summary: 'Takes lines back' },
       (ctx, { body }) => shop().releaseStock(ctx, body.lines));
     plugin.routes.post('/levels', { permission: 'public', summary: 'Stock levels' },
       (ctx, { body }) => shop().stockLevels(ctx, body.skus));
   };`,
  { tessera: { plugin: 'till-fixture', entry: 'index.js', requires: { ecommerce: '^1' } } },
);

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    { SMTP_URL: smtp.url, RATE_LIMIT_GENERAL: '100000' },
    { beforeSetup: (runtime) => installPlugins(runtime, [till]) },
  );
  a = await seedContentSite(t.app, t.runtime, 'stock-a.test');
  b = await seedContentSite(t.app, t.runtime, 'stock-b.test');
  for (const site of [a, b]) await activateShop(site, ['till-fixture']);
  // Mails are jobs: a worker sends them as the server's would.
  worker = workerForRuntime(t.runtime, { pollMs: 20 });
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
  fixtures.remove();
});

const sell = (lines: StockLine[], site = a) =>
  site.call('anonymous', 'POST', '/api/till-fixture/sell', { lines });
const giveBack = (lines: StockLine[], site = a) =>
  site.call('anonymous', 'POST', '/api/till-fixture/return', { lines });
const levelOf = async (sku: string, site = a) =>
  (await site.call('admin', 'GET', `/api/ecommerce/stock/${sku}`)).json().data as StockLevel;
async function stock(sku: string, onHand: number, threshold?: number | null, site = a) {
  const res = await site.call('admin', 'PUT', `/api/ecommerce/stock/${sku}`, {
    on_hand: onHand,
    ...(threshold === undefined ? {} : { threshold }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StockLevel;
}

/** A mail's quoted-printable parts as text. */
const unquoted = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
/** The mails queued so far whose subject holds `text`: known as soon as the sale commits. */
async function mailsQueued(text: string): Promise<number> {
  const jobs = await t.runtime.data.global
    .selectFrom('jobs')
    .select('payload')
    .where('name', '=', MAIL_JOB)
    .execute();
  return jobs
    .map(
      (job) =>
        (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload) as { subject: string },
    )
    .filter((payload) => payload.subject.includes(text)).length;
}
const mailsAbout = (title: string) =>
  smtp.inbox
    .map((mail) => ({ to: mail.to, raw: unquoted(mail.raw) }))
    .filter((mail) => mail.raw.includes(title));

describe(`stock (${testEngine})`, () => {
  it('starts a tracked variant at none, and is set and read per SKU with its own threshold or the site’s', async () => {
    const bowl = await createProduct(
      a,
      'Bowl',
      [option('Size', 'S', 'L')],
      [
        variant('BOWL-S', 1500, { option1: 'S' }),
        variant('BOWL-L', 2500, { option1: 'L', track_stock: false }),
      ],
    );
    expect(await levelOf('BOWL-S')).toEqual({
      sku: 'BOWL-S',
      tracked: true,
      on_hand: 0,
      threshold: null,
      effective_threshold: 2,
      low: true,
      updated_at: expect.any(String),
      product: { id: bowl.id, title: 'Bowl', variant: 'S' },
    });
    expect(await stock('BOWL-S', 12)).toMatchObject({
      on_hand: 12,
      threshold: null,
      effective_threshold: 2,
      low: false,
    });
    expect(await stock('BOWL-S', 12, 15)).toMatchObject({
      threshold: 15,
      effective_threshold: 15,
      low: true,
    });
    // Leaving the threshold out keeps it; null gives it back to the site's setting.
    expect(await stock('BOWL-S', 20)).toMatchObject({ on_hand: 20, threshold: 15, low: false });
    expect(await stock('BOWL-S', 20, null)).toMatchObject({ threshold: null, effective_threshold: 2 });
    expect(await levelOf('BOWL-L')).toMatchObject({ tracked: false, low: false });

    const negative = await a.call('admin', 'PUT', '/api/ecommerce/stock/BOWL-S', { on_hand: -1 });
    expect(negative.statusCode).toBe(422);
    const unknown = await a.call('admin', 'PUT', '/api/ecommerce/stock/NO-SUCH', { on_hand: 1 });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'ecommerce_sku_not_found']);
  });

  it('sells the last unit to one of two buyers at once; the other is told, with the SKU', async () => {
    await createProduct(a, 'Last lamp', [], [variant('LAMP-LAST', 9900)]);
    await stock('LAMP-LAST', 1);
    const [first, second] = await Promise.all([
      sell([{ sku: 'LAMP-LAST', quantity: 1 }]),
      sell([{ sku: 'LAMP-LAST', quantity: 1 }]),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toMatchObject({
      code: 'ecommerce_out_of_stock',
      message: 'Only 0 of LAMP-LAST left: 1 wanted.',
      errors: { 'lines.0': ['Only 0 of LAMP-LAST left: 1 wanted.'] },
    });
    expect((await levelOf('LAMP-LAST')).on_hand).toBe(0);
  });

  it('never sells more than there is, however many buy at once', async () => {
    await createProduct(a, 'Few plates', [], [variant('PLATE-FEW', 1200)]);
    await stock('PLATE-FEW', 3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => sell([{ sku: 'PLATE-FEW', quantity: 1 }])),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(5);
    expect((await levelOf('PLATE-FEW')).on_hand).toBe(0);
  });

  it('takes an order’s lines all or none, a SKU named twice counted once', async () => {
    await createProduct(
      a,
      'Cup',
      [option('Colour', 'White', 'Black')],
      [variant('CUP-WHITE', 800, { option1: 'White' }), variant('CUP-BLACK', 800, { option1: 'Black' })],
    );
    await stock('CUP-WHITE', 5);
    await stock('CUP-BLACK', 3);
    const short = await sell([
      { sku: 'CUP-WHITE', quantity: 2 },
      { sku: 'CUP-BLACK', quantity: 2 },
      { sku: 'CUP-BLACK', quantity: 2 },
    ]);
    expect(short.statusCode).toBe(409);
    expect(short.json().errors).toEqual({ 'lines.1': ['Only 3 of CUP-BLACK left: 4 wanted.'] });
    // The white cups taken before the black ones failed are back: the transaction rolled back whole.
    expect((await levelOf('CUP-WHITE')).on_hand).toBe(5);
    expect((await levelOf('CUP-BLACK')).on_hand).toBe(3);

    const sold = await sell([
      { sku: 'CUP-WHITE', quantity: 2 },
      { sku: 'CUP-BLACK', quantity: 3 },
    ]);
    expect(sold.statusCode, sold.body).toBe(200);
    expect((sold.json().data as StockLevel[]).map((level) => [level.sku, level.on_hand])).toEqual([
      ['CUP-BLACK', 0],
      ['CUP-WHITE', 3],
    ]);

    const back = await giveBack([{ sku: 'CUP-BLACK', quantity: 3 }]);
    expect(back.statusCode, back.body).toBe(200);
    expect((await levelOf('CUP-BLACK')).on_hand).toBe(3);
  });

  it('passes untracked variants over, and refuses SKUs no product sells and quantities that are not whole', async () => {
    await createProduct(a, 'Gift card', [], [variant('GIFT-25', 2500, { track_stock: false })]);
    const gift = await sell([{ sku: 'GIFT-25', quantity: 40 }]);
    expect(gift.statusCode, gift.body).toBe(200);
    expect(gift.json().data[0]).toMatchObject({ sku: 'GIFT-25', tracked: false, on_hand: 0 });

    const unknown = await sell([{ sku: 'NOTHING-1', quantity: 1 }]);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'ecommerce_sku_not_found']);
    const half = await sell([{ sku: 'GIFT-25', quantity: 0.5 }]);
    expect(half.statusCode).toBe(422);
    expect(Object.keys(half.json().errors)).toEqual(['lines.0.quantity']);
  });

  it('mails the site’s administrators once when a sale brings a SKU to its threshold, again after a restock', async () => {
    await createProduct(a, 'Beeswax candle', [], [variant('CANDLE-1', 1400)]);
    await stock('CANDLE-1', 5, 3);
    const subject = 'Low stock: Beeswax candle';
    const sellOne = async () => expect((await sell([{ sku: 'CANDLE-1', quantity: 1 }])).statusCode).toBe(200);
    await sellOne(); // 4 left: above the threshold.
    expect(await mailsQueued(subject)).toBe(0);
    await sellOne(); // 3: the threshold, low.
    const administrators = await mailsQueued(subject);
    expect(administrators).toBeGreaterThanOrEqual(2);
    await sellOne(); // 2: still low, no second mail.
    expect(await mailsQueued(subject)).toBe(administrators);

    // One each to the site's Admins and the installation's Super Admins, not to its editors.
    const recipients = () => mailsAbout('Beeswax candle').flatMap((mail) => mail.to);
    await expect.poll(() => recipients().length, { timeout: 10_000 }).toBe(administrators);
    expect(recipients()).toEqual(expect.arrayContaining([a.users.admin.email, a.users.super_admin.email]));
    expect(new Set(recipients()).size).toBe(administrators);
    expect(recipients()).not.toContain(a.users.editor.email);
    const [first] = mailsAbout('Beeswax candle');
    expect(first?.raw).toContain(`Subject: ${subject}`);
    expect(first?.raw).toContain(
      'Only 3 left of Beeswax candle (SKU CANDLE-1): the low-stock threshold is 3.',
    );
    expect(first?.raw).toContain(`https://${a.host}/admin/content/product/`);

    const low = (await a.call('admin', 'GET', '/api/ecommerce/low-stock')).json().data as StockLevel[];
    expect(low.find((level) => level.sku === 'CANDLE-1')).toMatchObject({
      on_hand: 2,
      effective_threshold: 3,
    });
    // Stock above its threshold, and untracked variants, are not low.
    expect(low.map((level) => level.sku)).not.toContain('CUP-WHITE');
    expect(low.map((level) => level.sku)).not.toContain('GIFT-25');

    // Restocked above the threshold, then sold down to it again: a second crossing, a second mail.
    await stock('CANDLE-1', 10);
    expect((await sell([{ sku: 'CANDLE-1', quantity: 7 }])).statusCode).toBe(200);
    expect(await mailsQueued(subject)).toBe(2 * administrators);
    // Given back above the threshold, sold down again: a third.
    expect((await giveBack([{ sku: 'CANDLE-1', quantity: 1 }])).statusCode).toBe(200);
    await sellOne();
    expect(await mailsQueued(subject)).toBe(3 * administrators);
  });

  it('keeps each site’s stock to itself', async () => {
    await createProduct(a, 'Rug', [], [variant('RUG-1', 19900)]);
    await stock('RUG-1', 2);
    // Site B sells no RUG-1: its till cannot take site A's.
    const elsewhere = await sell([{ sku: 'RUG-1', quantity: 1 }], b);
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 'ecommerce_sku_not_found']);
    await createProduct(b, 'Other rug', [], [variant('RUG-1', 19900)]);
    expect((await sell([{ sku: 'RUG-1', quantity: 1 }], b)).statusCode).toBe(409);
    expect((await levelOf('RUG-1')).on_hand).toBe(2);
    const levels = await b.call('anonymous', 'POST', '/api/till-fixture/levels', {
      skus: ['RUG-1', 'LAMP-LAST'],
    });
    expect(
      (levels.json().data as StockLevel[]).map((level) => [
        level.sku,
        level.on_hand,
        level.product?.title ?? null,
      ]),
    ).toEqual([
      ['RUG-1', 0, 'Other rug'],
      ['LAMP-LAST', 0, null],
    ]);
  });
});
