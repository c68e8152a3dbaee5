import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { SiteVisitor } from '../../../test/fixtures/site-visitor.js';
import { startSmtp } from '../../../test/fixtures/smtp.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { workerForRuntime } from '../../core/jobs/worker.js';
import { noBranding, type SiteBranding } from '../../core/sites/site.js';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;
let a: ContentSite;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    RATE_LIMIT_GENERAL: '100000',
    PUBLIC_URL: 'https://admin.test',
  });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  worker = workerForRuntime(t.runtime, { pollMs: 20 });
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
});

const EVENTS = [
  'user.password_reset',
  'comment.awaiting_moderation',
  'comment.published',
  'form.submission',
  'account.verify',
  'account.exists',
  'account.password_reset',
  'account.email_change',
  'account.email_changed',
  'newsletter.confirm',
];

const VERIFY = '/api/email-templates/account.verify';

/** A mail as it left: its subject and its two parts, decoded. */
interface Delivered {
  subject: string;
  text: string;
  html: string;
}

/** The next mail to `to` after the first `after` of the inbox: mail leaves through the queue. */
async function mailTo(to: string, after: number): Promise<Delivered> {
  for (let i = 0; i < 400; i++) {
    const mail = smtp.inbox.slice(after).find((each) => each.to.includes(to));
    if (mail) return decoded(mail.raw);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

/** Reads a multipart/alternative message as nodemailer writes it: headers, then a text and an HTML part. */
function decoded(raw: string): Delivered {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  const headers = head.replace(/\r\n[ \t]+/g, ' ');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) throw new Error(`not multipart:\n${raw}`);
  const parts = body.split(`--${boundary}`).slice(1, -1);
  const part = (type: string) => {
    const found = parts.find((each) => new RegExp(`Content-Type: ${type}`, 'i').test(each));
    if (!found) throw new Error(`no ${type} part`);
    const [partHead = '', ...content] = found.replace(/^\r\n/, '').split('\r\n\r\n');
    const encoded = content.join('\r\n\r\n').replace(/\r\n$/, '');
    const encoding = /Content-Transfer-Encoding: ([\w-]+)/i.exec(partHead)?.[1]?.toLowerCase();
    const bytes =
      encoding === 'base64'
        ? Buffer.from(encoded, 'base64')
        : encoding === 'quoted-printable'
          ? quotedPrintable(encoded)
          : Buffer.from(encoded, 'utf8');
    return bytes.toString('utf8').replace(/\r\n/g, '\n');
  };
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  return { subject: encodedWords(subject), text: part('text/plain'), html: part('text/html') };
}

function quotedPrintable(text: string): Buffer {
  const unfolded = text.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const char = unfolded[i] as string;
    if (char === '=' && /^[0-9A-F]{2}$/i.test(unfolded.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(unfolded.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(char, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?...?=`) decoded. */
function encodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, words: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(words, 'base64').toString('utf8')
        : quotedPrintable(words.replace(/_/g, ' ')).toString('utf8'),
    );
}

async function brand(branding: Partial<SiteBranding>): Promise<void> {
  await t.runtime.siteStore.update(
    a.siteId,
    { branding: { ...noBranding, ...branding } },
    new Date().toISOString(),
  );
  t.runtime.caches.clear('sites');
}

const activity = (action: string) =>
  t.runtime.data
    .site(a.siteId)
    .selectFrom('activity_log')
    .select(['user_id', 'subject_id', 'details'])
    .where('action', '=', action)
    .execute();

const broken = {
  subject: 'Confirm for {{ site.name }}',
  html: '<p>Hello {{ recipient.name }},</p>\n<p>Confirm:</p>\n<p>{% if %}</p>',
  text: 'Hello {{ recipient.name }},\n{{ recipient.nickname }}\n{{ link }}',
};

describe(`email templates (${testEngine})`, () => {
  it('lists every mail event with its variables, to those who manage email templates only', async () => {
    const list = await a.call('admin', 'GET', '/api/email-templates');
    expect(list.statusCode, list.body).toBe(200);
    const events = list.json().data as Array<{
      event: string;
      variables: Array<{ name: string; type: string; example: unknown }>;
      customised_locales: string[];
    }>;
    expect(events.map((event) => event.event)).toEqual(EVENTS);
    const verify = events.find((event) => event.event === 'account.verify');
    expect(verify?.variables.map((variable) => variable.name)).toEqual([
      'site.name',
      'site.url',
      'site.logo_url',
      'recipient.name',
      'recipient.email',
      'link',
    ]);
    expect(verify?.variables.every((variable) => typeof variable.example === 'string')).toBe(true);
    expect(events.find((event) => event.event === 'form.submission')?.variables.at(-1)).toMatchObject({
      name: 'form.fields',
      type: 'list',
    });
    expect(verify?.customised_locales).toEqual([]);

    for (const [method, url, body] of [
      ['GET', '/api/email-templates', undefined],
      ['GET', VERIFY, undefined],
      ['PUT', VERIFY, { subject: 'x', html: 'x', text: 'x' }],
      ['DELETE', VERIFY, undefined],
      ['POST', `${VERIFY}/preview`, {}],
      ['POST', `${VERIFY}/test`, {}],
    ] as const) {
      expect((await a.call('editor', method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await a.call('anonymous', method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("reads an event's default in each language, and answers 404 and 422 for what does not exist", async () => {
    for (const [locale, subject] of [
      ['en', 'Confirm your address for {{ site.name }}'],
      ['fr', 'Confirmez votre adresse pour {{ site.name }}'],
    ]) {
      const read = await a.call('admin', 'GET', `${VERIFY}?locale=${locale}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().data).toMatchObject({
        event: 'account.verify',
        locale,
        subject,
        customised: false,
        updated_at: null,
      });
    }
    // The site's default language when none is asked for.
    expect((await a.call('admin', 'GET', VERIFY)).json().data.locale).toBe('en');
    const unknown = await a.call('admin', 'GET', '/api/email-templates/order.shipped');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('mail_event_not_found');
    const german = await a.call('admin', 'GET', `${VERIFY}?locale=de`);
    expect(german.statusCode).toBe(422);
    expect(german.json().errors.locale).toEqual(['This site writes its mails in en, fr; not in de.']);
  });

  it('refuses a broken template with 422 by part and line, and keeps the stored one', async () => {
    const saved = await a.call('admin', 'PUT', `${VERIFY}?locale=fr`, {
      subject: 'Bienvenue chez {{ site.name }}',
      html: '<p>Bonjour {{ recipient.name }} !</p>\n<p><a href="{{ link }}">Confirmer</a></p>',
      text: 'Bonjour {{ recipient.name }} !\n\n{{ link }}\n',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      locale: 'fr',
      subject: 'Bienvenue chez {{ site.name }}',
      customised: true,
      updated_by: a.users.admin.id,
    });

    const refused = await a.call('admin', 'PUT', `${VERIFY}?locale=fr`, broken);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().code).toBe('invalid_template');
    expect(refused.json().errors.html).toEqual([expect.stringMatching(/^Line 3: /)]);
    expect(refused.json().errors.text).toEqual([
      'Line 2: there is no variable recipient.nickname in this mail.',
    ]);
    expect(refused.json().errors.subject).toBeUndefined();
    const filter = await a.call('admin', 'PUT', `${VERIFY}?locale=fr`, {
      ...saved.json().data,
      subject: 'Bienvenue\n{{ site.name | shout }}',
      event: undefined,
      locale: undefined,
      customised: undefined,
      updated_at: undefined,
      updated_by: undefined,
    });
    expect(filter.statusCode, filter.body).toBe(422);
    expect(filter.json().errors).toEqual({ subject: ['Line 2: there is no filter shout.'] });
    // In the caller's language.
    const own = (await a.call('super_admin', 'GET', '/api/me')).json().data.locale;
    await a.call('super_admin', 'PUT', '/api/me', { locale: 'fr' });
    const french = await a.call('super_admin', 'PUT', `${VERIFY}?locale=fr`, broken);
    await a.call('super_admin', 'PUT', '/api/me', { locale: own });
    expect(french.json().errors.text).toEqual([
      'Ligne 2 : il n’y a pas de variable recipient.nickname dans cet e-mail.',
    ]);
    // A preview of the broken parts is refused the same way.
    const preview = await a.call('admin', 'POST', `${VERIFY}/preview?locale=fr`, { text: broken.text });
    expect(preview.statusCode).toBe(422);
    expect(Object.keys(preview.json().errors)).toEqual(['text']);

    const kept = (await a.call('admin', 'GET', `${VERIFY}?locale=fr`)).json().data;
    expect(kept).toMatchObject({ subject: 'Bienvenue chez {{ site.name }}', customised: true });
    const list = (await a.call('admin', 'GET', '/api/email-templates')).json().data;
    expect(
      list.find((each: { event: string }) => each.event === 'account.verify').customised_locales,
    ).toEqual(['fr']);
    const logged = await activity('email_template.updated');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ user_id: a.users.admin.id, subject_id: 'account.verify' });
  });

  it('previews the mail exactly as it is delivered: a test mail to oneself, read from the SMTP server', async () => {
    const draft = {
      html: '<p>Dear {{ recipient.name }},</p>\n<p><a class="button" href="{{ link }}">Go</a></p>',
    };
    const preview = await a.call('admin', 'POST', `${VERIFY}/preview?locale=en`, draft);
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json().data as Delivered;
    expect(shown.subject).toBe('Confirm your address for Site a.test');
    expect(shown.html).toContain('<p style="margin: 0 0 16px 0;">Dear Ada Lovelace,</p>');
    expect(shown.html).toContain('href="https://quay.example/account/verify?token=sample"');
    expect(shown.text).toContain('You created an account on Site a.test.');
    expect(shown.text.endsWith('-- \nSite a.test\nhttps://a.test\n')).toBe(true);

    const before = smtp.inbox.length;
    const sent = await a.call('admin', 'POST', `${VERIFY}/test?locale=en`, draft);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().data).toEqual({ to: a.users.admin.email });
    expect(await mailTo(a.users.admin.email, before)).toEqual(shown);

    // A French template, unsaved parts over it, delivered as previewed too (encoded subject and all).
    const french = (await a.call('admin', 'POST', `${VERIFY}/preview?locale=fr`, {})).json()
      .data as Delivered;
    expect(french.subject).toBe('Bienvenue chez Site a.test');
    const again = smtp.inbox.length;
    expect((await a.call('admin', 'POST', `${VERIFY}/test?locale=fr`, {})).statusCode).toBe(202);
    expect(await mailTo(a.users.admin.email, again)).toEqual(french);
  });

  it('resets a template to the default, logging the reset once', async () => {
    const reset = await a.call('admin', 'DELETE', `${VERIFY}?locale=fr`);
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await a.call('admin', 'GET', `${VERIFY}?locale=fr`)).json().data).toMatchObject({
      subject: 'Confirmez votre adresse pour {{ site.name }}',
      customised: false,
    });
    expect((await a.call('admin', 'DELETE', `${VERIFY}?locale=fr`)).statusCode).toBe(204);
    const logged = await activity('email_template.reset');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ subject_id: 'account.verify' });
  });

  it("frames every mail in the site's brand, and never names the vendor under white-label", async () => {
    await brand({ name: 'Quay Studio', logo_url: '/media/logo.png', primary_color: '#0f766e' });
    try {
      for (const event of EVENTS) {
        const preview = await a.call('admin', 'POST', `/api/email-templates/${event}/preview?locale=fr`, {});
        expect(preview.statusCode, preview.body).toBe(200);
        const mail = preview.json().data as Delivered;
        expect(mail.html).toContain(
          '<img class="logo" src="https://a.test/media/logo.png" alt="Quay Studio"',
        );
        expect(mail.html).toContain('<html lang="fr">');
        expect(mail.text).toContain('-- \nQuay Studio\n');
        expect(`${mail.subject}${mail.html}${mail.text}`).not.toMatch(/tessera/i);
      }
      const reset = (
        await a.call('admin', 'POST', '/api/email-templates/user.password_reset/preview', {})
      ).json().data as Delivered;
      expect(reset.subject).toBe('Reset your password for Quay Studio');
      expect(reset.html).toMatch(/class="button"[^>]*style="[^"]*background-color: #0f766e/);
    } finally {
      await brand({});
    }
  });

  it("sends a site account its mail from the site's French template, values escaped in HTML only", async () => {
    expect(
      (await a.call('super_admin', 'PUT', `/api/sites/${a.siteId}`, { locales: ['en', 'fr'] })).statusCode,
    ).toBe(200);
    expect((await a.call('admin', 'PUT', '/api/settings/accounts', { registration: true })).statusCode).toBe(
      200,
    );
    const saved = await a.call('admin', 'PUT', `${VERIFY}?locale=fr`, {
      subject: 'Bienvenue chez {{ site.name }}, {{ recipient.name }}',
      html: '<p>Bonjour {{ recipient.name }} !</p>\n<p><a href="{{ link }}">Confirmer</a></p>',
      text: 'Bonjour {{ recipient.name }} !\n\n{{ link }}\n',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const name = '<script>alert(1)</script>';
    const visitor = new SiteVisitor(t.app, a.host);
    expect((await visitor.get('/fr/account/register')).statusCode).toBe(200);
    const before = smtp.inbox.length;
    const registered = await visitor.submit('/fr/account/register', '/fr/account/register', {
      name,
      email: 'amelie@example.test',
      password: 'a long and quiet river',
    });
    expect(registered.statusCode, registered.body).toBe(303);
    const mail = await mailTo('amelie@example.test', before);
    expect(mail.subject).toBe(`Bienvenue chez Site a.test, ${name}`);
    expect(mail.text).toContain(`Bonjour ${name} !`);
    expect(mail.text).toMatch(/http:\/\/a\.test\/fr\/account\/verify\?token=/);
    expect(mail.html).toContain('Bonjour &lt;script&gt;alert(1)&lt;/script&gt; !');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<html lang="fr">');

    // An English visitor still gets the default English mail.
    const english = new SiteVisitor(t.app, a.host);
    await english.get('/account/register');
    const next = smtp.inbox.length;
    await english.submit('/account/register', '/account/register', {
      name: 'Grace',
      email: 'grace@example.test',
      password: 'a long and quiet river',
    });
    const sent = await mailTo('grace@example.test', next);
    expect(sent.subject).toBe('Confirm your address for Site a.test');
    expect(sent.html).toContain('Confirm my address');
  });
});
