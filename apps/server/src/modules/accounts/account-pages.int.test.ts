import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { SiteVisitor } from '../../../test/fixtures/site-visitor.js';
import { startSmtp } from '../../../test/fixtures/smtp.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { workerForRuntime } from '../../core/jobs/worker.js';
import { FORM_TOKEN_LIFETIME_MS, publicFormsOf } from '../../core/visitors/form-guard.js';
import { VISITOR_COOKIE } from '../../core/visitors/visitor-cookie.js';

const PASSWORD = 'a long and quiet river';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;
let shop: ContentSite;
let closed: ContentSite;

/** Mail leaves after the answer, through the queue: waits for the next one sent to `to`. */
async function mailTo(to: string, after = 0): Promise<string> {
  for (let i = 0; i < 400; i++) {
    const mail = smtp.inbox
      .slice(after)
      .find((each) => each.to.some((address) => address.toLowerCase() === to.toLowerCase()));
    if (mail)
      return mail.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

/** The site-relative address of a mailed link to `path` (`verify`, `reset`, `email`). */
function linkIn(mail: string, path: string): string {
  const match = new RegExp(`https?://[^/\\s]+(/(?:fr/)?account/${path}\\?token=[A-Za-z0-9_.%-]+)`).exec(mail);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${mail}`);
  return match[1];
}

/** Registers `email` and opens the mailed link: a visitor whose account can sign in. */
async function registered(email: string, name = 'Ada'): Promise<SiteVisitor> {
  const visitor = new SiteVisitor(t.app, shop.host);
  const before = smtp.inbox.length;
  const res = await visitor.submit('/account/register', '/account/register', {
    name,
    email,
    password: PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(303);
  const verified = await visitor.get(linkIn(await mailTo(email, before), 'verify'));
  expect(verified.statusCode, verified.body).toBe(302);
  return visitor;
}

async function signedIn(email: string, visitor = new SiteVisitor(t.app, shop.host)): Promise<SiteVisitor> {
  const res = await visitor.submit('/account/sign-in', '/account/sign-in', { email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe('/account');
  return visitor;
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    RATE_LIMIT_GENERAL: '100000',
    PUBLIC_URL: 'https://admin.test',
  });
  shop = await seedContentSite(t.app, t.runtime, 'shop.test');
  closed = await seedContentSite(t.app, t.runtime, 'closed.test');
  const on = await shop.call('admin', 'PUT', '/api/settings/accounts', { registration: true });
  expect(on.statusCode, on.body).toBe(200);
  worker = workerForRuntime(t.runtime, { pollMs: 20 });
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
});

describe(`site accounts' pages (${testEngine})`, () => {
  it('are not there while registration is off and the site has no accounts', async () => {
    const visitor = new SiteVisitor(t.app, closed.host);
    for (const page of ['/account', '/account/register', '/account/sign-in', '/account/forgot'])
      expect((await visitor.get(page)).statusCode, page).toBe(404);
    const posted = await visitor.post('/account/register', {
      name: 'A',
      email: 'a@example.test',
      password: PASSWORD,
    });
    expect(posted.statusCode).toBe(404);
  });

  it('registers a visitor, confirms the address by the mailed link, signs in and shows the profile', async () => {
    const visitor = new SiteVisitor(t.app, shop.host);
    const form = await visitor.get('/account/register');
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('private, no-store');
    expect(form.headers['set-cookie']).toBeUndefined();
    expect(form.body).toContain('Create an account');
    const before = smtp.inbox.length;
    const res = await visitor.submit('/account/register', '/account/register', {
      name: 'Grace',
      email: 'Grace@Example.test',
      password: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/account/sign-in?done=registered');
    expect(visitor.cookie).toBeUndefined();
    const mail = await mailTo('Grace@Example.test', before);
    expect(mail).toContain('Confirm your address');

    // Not yet confirmed: no sign-in, and a new link on its way.
    const early = await visitor.submit('/account/sign-in', '/account/sign-in', {
      email: 'grace@example.test',
      password: PASSWORD,
    });
    expect(early.statusCode).toBe(422);
    expect(early.body).toContain('Confirm your email address first');
    expect(visitor.cookie).toBeUndefined();

    const link = linkIn(mail, 'verify');
    const verified = await visitor.get(link);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/account/sign-in?done=verified');
    const again = await visitor.get(link);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('This link is not valid');

    await signedIn('GRACE@example.test', visitor);
    const cookie = visitor.cookie ?? '';
    expect(cookie).toContain(`${VISITOR_COOKIE}=`);
    const profile = await visitor.get('/account');
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('private, no-store');
    expect(profile.body).toContain('Signed in as Grace@Example.test.');
    expect(profile.body).toContain('value="Grace"');
    // Signed in, the sign-in and register pages send the visitor to their account.
    expect((await visitor.get('/account/sign-in')).headers.location).toBe('/account');
  });

  it('returns the visitor to the page they signed in to read, on this site only', async () => {
    await registered('nora@example.test', 'Nora');
    const reader = new SiteVisitor(t.app, shop.host);
    const page = '/account/sign-in?next=%2F2026%2F12%2Fwinter-log%3Fpage%3D2';
    expect((await reader.get(page)).body).toContain('name="next" value="/2026/12/winter-log?page=2"');
    const wrong = await reader.submit(page, '/account/sign-in', {
      email: 'nora@example.test',
      password: 'wrong one',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('name="next" value="/2026/12/winter-log?page=2"');
    const taken = await reader.submit(page, '/account/sign-in', {
      email: 'nora@example.test',
      password: PASSWORD,
    });
    expect(taken.statusCode, taken.body).toBe(303);
    expect(taken.headers.location).toBe('/2026/12/winter-log?page=2');
    // Signed in already: straight there.
    expect((await reader.get(page)).headers.location).toBe('/2026/12/winter-log?page=2');

    const elsewhere = new SiteVisitor(t.app, shop.host);
    const hostile = '/account/sign-in?next=%2F%2Fevil.test%2Fphish';
    expect((await elsewhere.get(hostile)).body).not.toContain('name="next"');
    const posted = await elsewhere.submit('/account/sign-in', '/account/sign-in', {
      email: 'nora@example.test',
      password: PASSWORD,
      next: '//evil.test/phish',
    });
    expect(posted.headers.location).toBe('/account');
  });

  it('answers a registration of a taken address like any other, mails its owner, and changes nothing', async () => {
    await registered('taken@example.test', 'Owner');
    const intruder = new SiteVisitor(t.app, shop.host);
    const before = smtp.inbox.length;
    const res = await intruder.submit('/account/register', '/account/register', {
      name: 'Intruder',
      email: 'TAKEN@example.test',
      password: 'another long password',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account/sign-in?done=registered');
    expect(await mailTo('taken@example.test', before)).toContain('which already has one');
    await signedIn('taken@example.test');
  });

  it('shows the form again with its faults and what was typed, passwords never', async () => {
    const visitor = new SiteVisitor(t.app, shop.host);
    const res = await visitor.submit('/account/register', '/account/register', {
      name: '',
      email: 'not an address',
      password: 'short',
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('Name: this field is required.');
    expect(res.body).toContain('Enter an email address such as name@example.com.');
    expect(res.body).toContain('The password must have at least 10 characters.');
    expect(res.body).toContain('value="not an address"');
    expect(res.body).not.toContain('value="short"');
  });

  it('throttles wrong passwords like the admin: 429 past five failures, the right one too', async () => {
    await registered('guessed@example.test');
    const guesser = new SiteVisitor(t.app, shop.host);
    for (let i = 0; i < 5; i++) {
      const wrong = await guesser.submit('/account/sign-in', '/account/sign-in', {
        email: 'guessed@example.test',
        password: `wrong password ${i}`,
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.body).toContain('The email address or password is incorrect.');
    }
    const throttled = await guesser.submit('/account/sign-in', '/account/sign-in', {
      email: 'guessed@example.test',
      password: PASSWORD,
    });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.body).toContain('Too many attempts');
    expect(guesser.cookie).toBeUndefined();
  });

  it('resets a forgotten password through the mailed link, once, and signs the old sessions out', async () => {
    await registered('forgetful@example.test');
    const old = await signedIn('forgetful@example.test');
    const visitor = new SiteVisitor(t.app, shop.host);
    const unknown = await visitor.submit('/account/forgot', '/account/forgot', {
      email: 'nobody@example.test',
    });
    const before = smtp.inbox.length;
    const res = await visitor.submit('/account/forgot', '/account/forgot', {
      email: 'forgetful@example.test',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account/sign-in?done=link_sent');
    expect(unknown.headers.location).toBe(res.headers.location);
    const link = linkIn(await mailTo('forgetful@example.test', before), 'reset');
    expect((await visitor.get(link)).body).toContain('Choose a new password');
    const reset = await visitor.submit(link, '/account/reset', { password: 'a brand new passphrase' });
    expect(reset.statusCode, reset.body).toBe(303);
    expect(reset.headers.location).toBe('/account/sign-in?done=password_reset');
    expect((await visitor.get(link)).body).toContain('This link is not valid');
    expect((await old.get('/account')).statusCode).toBe(302);
    const stale = await new SiteVisitor(t.app, shop.host).submit('/account/sign-in', '/account/sign-in', {
      email: 'forgetful@example.test',
      password: PASSWORD,
    });
    expect(stale.statusCode).toBe(422);
    const fresh = await new SiteVisitor(t.app, shop.host).submit('/account/sign-in', '/account/sign-in', {
      email: 'forgetful@example.test',
      password: 'a brand new passphrase',
    });
    expect(fresh.statusCode).toBe(303);
  });

  it('refuses a form without its token, with a forged, expired or foreign one, or from another site (403)', async () => {
    const visitor = new SiteVisitor(t.app, shop.host);
    const fields = { email: 'someone@example.test', password: PASSWORD };
    const forms = publicFormsOf(t.runtime);
    const site = { id: shop.siteId };
    const refusals: Array<[string, { token?: string | null; origin?: string }]> = [
      ['missing', { token: null }],
      ['forged', { token: `${Date.now().toString(36)}.AAAA` }],
      [
        'expired',
        { token: forms.token(site, 'accounts.sign-in', Date.now() - FORM_TOKEN_LIFETIME_MS - 60_000) },
      ],
      ['of another form', { token: forms.token(site, 'accounts.register') }],
      ['of another site', { token: forms.token({ id: closed.siteId }, 'accounts.sign-in') }],
      ['from another origin', { origin: 'http://evil.test' }],
    ];
    for (const [what, options] of refusals) {
      const res = await visitor.submit('/account/sign-in', '/account/sign-in', fields, options);
      expect(res.statusCode, what).toBe(403);
      expect(res.headers['cache-control'], what).toBe('private, no-store');
      expect(res.body, what).toContain('The form was not sent');
    }
  });

  it('changes the name, the address (confirmed by link) and the password, which signs the other devices out', async () => {
    await registered('mover@example.test', 'Mover');
    const phone = await signedIn('mover@example.test');
    const laptop = await signedIn('mover@example.test');

    const renamed = await phone.submit('/account', '/account/profile', { name: 'Moved' });
    expect(renamed.headers.location).toBe('/account?done=name_saved');
    expect((await phone.get('/account?done=name_saved')).body).toContain('Your name is saved.');

    const wrong = await phone.submit('/account', '/account/email', {
      email: 'moved@example.test',
      current_password: 'not my password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('Your current password is incorrect.');
    const taken = await phone.submit('/account', '/account/email', {
      email: 'taken@example.test',
      current_password: PASSWORD,
    });
    expect(taken.body).toContain('Another account uses this address.');
    const before = smtp.inbox.length;
    const asked = await phone.submit('/account', '/account/email', {
      email: 'moved@example.test',
      current_password: PASSWORD,
    });
    expect(asked.headers.location).toBe('/account?done=email_sent');
    const confirmed = await phone.get(linkIn(await mailTo('moved@example.test', before), 'email'));
    expect(confirmed.headers.location).toBe('/account?done=email_changed');
    expect(await mailTo('mover@example.test', before)).toContain('moved@example.test');
    expect((await phone.get('/account')).body).toContain('Signed in as moved@example.test.');

    const changed = await phone.submit('/account', '/account/password', {
      current_password: PASSWORD,
      password: 'an even longer passphrase',
    });
    expect(changed.headers.location).toBe('/account?done=password_changed');
    expect((await phone.get('/account')).statusCode).toBe(200);
    const gone = await laptop.get('/account');
    expect(gone.statusCode).toBe(302);
    expect(gone.headers.location).toBe('/account/sign-in');
  });

  it('signs out, and out on every device', async () => {
    await registered('leaver@example.test');
    const one = await signedIn('leaver@example.test');
    const out = await one.submit('/account', '/account/sign-out', {});
    expect(out.headers.location).toBe('/account/sign-in?done=signed_out');
    expect(one.cookie).toBeUndefined();
    expect((await one.get('/account')).statusCode).toBe(302);

    const phone = await signedIn('leaver@example.test');
    const laptop = await signedIn('leaver@example.test');
    const everywhere = await phone.submit('/account', '/account/sign-out-everywhere', {});
    expect(everywhere.headers.location).toBe('/account/sign-in?done=signed_out_everywhere');
    expect((await laptop.get('/account')).statusCode).toBe(302);
    expect((await phone.get('/account')).statusCode).toBe(302);
  });

  it('keeps its sign-in once registration closes, and stops taking registrations', async () => {
    await registered('early@example.test');
    const off = await shop.call('admin', 'PUT', '/api/settings/accounts', { registration: false });
    expect(off.statusCode).toBe(200);
    try {
      const visitor = new SiteVisitor(t.app, shop.host);
      expect((await visitor.get('/account/register')).statusCode).toBe(404);
      expect((await visitor.post('/account/register', {})).statusCode).toBe(404);
      await signedIn('early@example.test', visitor);
    } finally {
      await shop.call('admin', 'PUT', '/api/settings/accounts', { registration: true });
    }
  });

  it('speaks the language of the page, its forms and mails too', async () => {
    const both = await shop.call('super_admin', 'PUT', `/api/sites/${shop.siteId}`, {
      locales: ['en', 'fr'],
    });
    expect(both.statusCode, both.body).toBe(200);
    const visitor = new SiteVisitor(t.app, shop.host);
    const form = await visitor.get('/fr/account/register');
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Créer un compte');
    expect(form.body).toContain('action="/fr/account/register"');
    const before = smtp.inbox.length;
    const res = await visitor.submit('/fr/account/register', '/fr/account/register', {
      name: 'Amélie',
      email: 'amelie@example.test',
      password: PASSWORD,
    });
    expect(res.headers.location).toBe('/fr/account/sign-in?done=registered');
    const mail = await mailTo('amelie@example.test', before);
    expect(mail).toContain('Confirmez votre adresse');
    expect(linkIn(mail, 'verify')).toMatch(/^\/fr\/account\/verify\?token=/);
    const refused = await visitor.submit('/fr/account/sign-in', '/fr/account/sign-in', {
      email: 'amelie@example.test',
      password: 'wrong password here',
    });
    expect(refused.body).toContain('L’adresse e-mail ou le mot de passe est incorrect.');
  });
});
