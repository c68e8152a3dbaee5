import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let base: string;
let english: string;
let french: string;

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  const enabled = await a.call('super_admin', 'PUT', `/api/sites/${a.siteId}`, { locales: ['en', 'fr'] });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const post = await a.call('editor', 'POST', '/api/posts', { title: 'Harbour news', excerpt: 'The boats.' });
  const id = post.json().data.id;
  const published = await a.call('editor', 'POST', `/api/posts/${id}/publish`, {});
  english = published.json().data.url ?? '';
  const translation = await a.call('editor', 'POST', `/api/posts/${id}/translations`, { locale: 'fr' });
  expect(translation.statusCode, translation.body).toBe(201);
  const frId = translation.json().data.id;
  const draft = (await a.call('editor', 'GET', `/api/posts/${frId}`)).json().data;
  await a.call('editor', 'PUT', `/api/posts/${frId}`, {
    title: 'Nouvelles du port',
    slug: 'nouvelles-du-port',
    version: draft.version,
  });
  const frPublished = await a.call('editor', 'POST', `/api/posts/${frId}/publish`, {});
  expect(frPublished.statusCode, frPublished.body).toBe(200);
  french = frPublished.json().data.url ?? '';
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t.close();
});

const visit = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: a.host, ...headers } });

/** Through the real server, so the fast lane answers what the page cache holds. */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { host: a.host, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('languages on the public site', () => {
  it('serve each language under its prefix, with the theme in that language and links to the translations', async () => {
    expect(english).toMatch(/^\/\d{4}\/\d{2}\/harbour-news$/);
    expect(french).toMatch(/^\/fr\/\d{4}\/\d{2}\/nouvelles-du-port$/);
    const page = (await visit(english)).body;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain(`<link rel="alternate" hrefLang="en" href="http://a.test${english}"/>`);
    expect(page).toContain(`<link rel="alternate" hrefLang="fr" href="http://a.test${french}"/>`);
    expect(page).toContain(`<link rel="alternate" hrefLang="x-default" href="http://a.test${english}"/>`);
    expect(page).toContain(
      `<nav class="tb-languages" aria-label="Languages"><ul><li><a href="${english}" hrefLang="en" lang="en" aria-current="true">English</a></li><li><a href="${french}" hrefLang="fr" lang="fr">Français</a></li></ul></nav>`,
    );
    const translated = (await visit(french)).body;
    expect(translated).toContain('<html lang="fr">');
    expect(translated).toContain('<h1>Nouvelles du port</h1>');
    expect(translated).toContain('Publié le');
    expect(translated).toContain('Aller au contenu');

    const home = await visit('/fr/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<a href="${french}">Nouvelles du port</a>`);
    expect(home.body).not.toContain('Harbour news</a></h2>');
    expect(home.body).toContain('<link rel="canonical" href="http://a.test/fr/"/>');
    expect(home.body).toContain('<link rel="alternate" hrefLang="x-default" href="http://a.test/"/>');
    const bare = await visit('/fr');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/fr/');
    expect((await visit('/fr/no-such-page')).body).toContain('Page introuvable');
    // The home page's list is headed for screen readers, in the page's language.
    expect(home.body).toContain('<h1 class="tb-visually-hidden">Derniers articles</h1>');
    expect((await visit('/')).body).toContain('<h1 class="tb-visually-hidden">Latest posts</h1>');
  });

  it("link a category's archive to its version in each language", async () => {
    const term = await a.call('admin', 'POST', '/api/taxonomies/category/terms', { name: 'Harbour' });
    expect(term.statusCode, term.body).toBe(201);
    const archive = await visit('/category/harbour');
    expect(archive.statusCode).toBe(200);
    expect(archive.body).toContain(
      '<link rel="alternate" hrefLang="fr" href="http://a.test/fr/category/harbour"/>',
    );
    expect(archive.body).toContain(
      '<link rel="alternate" hrefLang="x-default" href="http://a.test/category/harbour"/>',
    );
    expect(archive.body).toContain('<a href="/fr/category/harbour" hrefLang="fr" lang="fr">Français</a>');
    const french = await visit('/fr/category/harbour');
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain(
      '<link rel="alternate" hrefLang="en" href="http://a.test/category/harbour"/>',
    );
  });

  it("send a first-time visitor of the home page to their browser's language, and no one else", async () => {
    const frenchBrowser = { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8', 'user-agent': CHROME };
    const sent = await visit('/', frenchBrowser);
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe('/fr/');
    expect(sent.headers['cache-control']).toBe('private, no-cache');
    expect(
      (await visit('/', { 'accept-language': 'de-DE, fr;q=0.5', 'user-agent': CHROME })).statusCode,
    ).toBe(302);
    // English, a language the site lacks, a robot, or a choice made on the site: the page itself.
    expect((await visit('/', { 'accept-language': 'en-GB,fr;q=0.8', 'user-agent': CHROME })).statusCode).toBe(
      200,
    );
    expect((await visit('/', { 'accept-language': 'de-DE', 'user-agent': CHROME })).statusCode).toBe(200);
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect((await visit('/', { 'accept-language': 'fr', 'user-agent': googlebot })).statusCode).toBe(200);
    const chosen = await visit('/', { ...frenchBrowser, referer: 'http://a.test/fr/' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.headers.vary).toBe('accept-language, referer');
    // From the page cache too: the fast lane asks the same before answering.
    expect((await get('/', { 'user-agent': CHROME })).status).toBe(200);
    expect((await get('/', { 'user-agent': CHROME })).status).toBe(200);
    expect(await get('/', frenchBrowser)).toEqual({ status: 302, location: '/fr/' });
  });
});
