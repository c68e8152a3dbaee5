import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { startSmtp } from '../../../test/fixtures/smtp.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { installPlugins, pluginFixtures } from '../../../test/plugin-fixtures.js';
import { workerForRuntime } from '../../core/jobs/worker.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';

// A shop's order mail, as a third party declares and sends it: a template administrators can
// change, sent from a route of its own.
const fixtures = pluginFixtures('tessera-plugin-mail-');
const shop = fixtures.write(
  'shop-mail',
  `export default (plugin) => {
     plugin.mail.template('shop_mail.order_paid', {
       description: 'To the customer, once an order is paid',
       variables: [
         { name: 'recipient.name', type: 'string', description: 'The customer', example: 'Ada' },
         { name: 'order.number', type: 'string', description: 'The order number', example: 'A-1001' },
       ],
       defaults: {
         en: { subject: 'Order {{ order.number }} paid', html: '<p>Thank you, {{ recipient.name }}.</p>', text: 'Thank you, {{ recipient.name }}.' },
         fr: { subject: 'Commande {{ order.number }} payée', html: '<p>Merci, {{ recipient.name }}.</p>', text: 'Merci, {{ recipient.name }}.' },
       },
     });
     plugin.routes.post('/paid', { permission: 'authenticated', summary: 'Mail an order paid',
       body: plugin.schema.Object({ to: plugin.schema.String(), locale: plugin.schema.String() }) },
       async (ctx, { body }) => {
         await plugin.mail.send(ctx, 'shop_mail.order_paid', { to: body.to, locale: body.locale,
           variables: { recipient: { name: '<Ada>' }, order: { number: 'A-7' } } });
         return { sent: true };
       });
     plugin.routes.post('/paid-to-staff', { permission: 'authenticated', summary: 'Tell the staff' },
       async (ctx) => {
         await plugin.mail.send(ctx, 'shop_mail.order_paid', { to: 'administrators',
           variables: { recipient: { name: 'Staff' }, order: { number: 'A-8' } } });
         return { sent: true };
       });
   };`,
);
// A plugin whose default template prints a variable it does not declare: it does not load.
const broken = fixtures.write(
  'broken-mail',
  `export default (plugin) => {
     plugin.mail.template('broken_mail.hello', { description: 'Hello', variables: [],
       defaults: { en: { subject: 'Hi', html: '<p>{{ nobody.name }}</p>', text: 'Hi' } } });
   };`,
);

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    { SMTP_URL: smtp.url, RATE_LIMIT_GENERAL: '100000' },
    { beforeSetup: (runtime) => installPlugins(runtime, [shop, broken]) },
  );
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  const on = await a.call('admin', 'PUT', '/api/plugins/shop-mail/active', { active: true });
  expect(on.statusCode, on.body).toBe(200);
  worker = workerForRuntime(t.runtime, { pollMs: 20 });
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
  fixtures.remove();
});

async function delivered(to: string, after: number): Promise<string> {
  for (let i = 0; i < 400; i++) {
    const mail = smtp.inbox.slice(after).find((each) => each.to.includes(to));
    if (mail) return mail.raw.replace(/=\r\n/g, '');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

describe(`plugins' mail (${testEngine})`, () => {
  it('lists a plugin’s event on the sites where it is active, with its variables and the site’s', async () => {
    const events = (await a.call('admin', 'GET', '/api/email-templates')).json().data as Array<{
      event: string;
      variables: Array<{ name: string }>;
    }>;
    const order = events.find((event) => event.event === 'shop_mail.order_paid');
    expect(order?.variables.map((variable) => variable.name)).toEqual([
      'site.name',
      'site.url',
      'site.logo_url',
      'recipient.name',
      'order.number',
    ]);
    const elsewhere = (await b.call('admin', 'GET', '/api/email-templates')).json().data as Array<{
      event: string;
    }>;
    expect(elsewhere.map((event) => event.event)).not.toContain('shop_mail.order_paid');
    expect((await b.call('admin', 'GET', '/api/email-templates/shop_mail.order_paid')).statusCode).toBe(404);
  });

  it('sends it from the default in the recipient’s language, then from the site’s own template', async () => {
    let before = smtp.inbox.length;
    const sent = await a.call('admin', 'POST', '/api/shop-mail/paid', {
      to: 'ada@example.test',
      locale: 'fr',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    let raw = await delivered('ada@example.test', before);
    expect(raw).toMatch(/Subject: =\?UTF-8\?|Subject: Commande A-7/);
    expect(raw).toContain('Merci, <Ada>.');
    expect(raw).toContain('Merci, &lt;Ada&gt;.');

    const own = await a.call('admin', 'PUT', '/api/email-templates/shop_mail.order_paid?locale=en', {
      subject: 'Paid: {{ order.number }}',
      html: '<p>{{ recipient.name }}, your order {{ order.number }} is paid.</p>',
      text: '{{ recipient.name }}, your order {{ order.number }} is paid.',
    });
    expect(own.statusCode, own.body).toBe(200);
    const refused = await a.call('admin', 'PUT', '/api/email-templates/shop_mail.order_paid?locale=en', {
      subject: '{{ order.total }}',
      html: '<p>x</p>',
      text: 'x',
    });
    expect(refused.statusCode).toBe(422);
    before = smtp.inbox.length;
    await a.call('admin', 'POST', '/api/shop-mail/paid', { to: 'bob@example.test', locale: 'en' });
    raw = await delivered('bob@example.test', before);
    expect(raw).toContain('Subject: Paid: A-7');
    expect(raw).toContain('<Ada>, your order A-7 is paid.');
  });

  it('mails each of the site’s administrators, Super Admins included, in their own language', async () => {
    await t.runtime.data.global
      .updateTable('users')
      .set({ is_super_admin: 1 })
      .where('id', '=', a.users.outsider.id)
      .execute();
    await t.runtime.data.global
      .updateTable('users')
      .set({ locale: 'fr' })
      .where('id', '=', a.users.admin.id)
      .execute();
    const before = smtp.inbox.length;
    const sent = await a.call('editor', 'POST', '/api/shop-mail/paid-to-staff', {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await delivered(a.users.admin.email, before)).toContain('Merci, Staff.');
    // The site's own English template, changed above.
    expect(await delivered(a.users.outsider.email, before)).toContain('Staff, your order A-8 is paid.');
    const mailed = smtp.inbox.slice(before).flatMap((mail) => mail.to);
    expect(mailed).not.toContain(a.users.editor.email);
    expect(mailed).not.toContain(b.users.admin.email);
  });

  it('refuses a plugin whose default templates do not render with its variables', () => {
    const status = pluginsOf(t.runtime)
      .list()
      .find((plugin) => plugin.name === 'broken-mail');
    expect(status?.state).toBe('failed');
    expect(status?.error).toContain('broken_mail.hello');
  });
});
