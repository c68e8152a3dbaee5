import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';

let t: TestContext;
let a: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  const enabled = await a.call('super_admin', 'PUT', `/api/sites/${a.siteId}`, { locales: ['en', 'fr'] });
  expect(enabled.statusCode, enabled.body).toBe(200);
});
afterAll(() => t.close());

describe(`translations (${testEngine})`, () => {
  it('creates a draft translation in another locale, copying content, and lists the group', async () => {
    const post = (await a.call('editor', 'POST', '/api/posts', { title: 'Hello', excerpt: 'Short' })).json()
      .data;
    const res = await a.call('editor', 'POST', `/api/posts/${post.id}/translations`, {
      locale: 'fr',
      title: 'Bonjour',
    });
    expect(res.statusCode, res.body).toBe(201);
    const french = res.json().data;
    expect(french).toMatchObject({
      locale: 'fr',
      title: 'Bonjour',
      slug: 'bonjour',
      status: 'draft',
      excerpt: 'Short',
      translation_group_id: post.translation_group_id,
      terms: post.terms,
    });
    expect(french.url).toMatch(/^\/fr\//);
    const group = (await a.call('editor', 'GET', `/api/posts/${post.id}/translations`)).json().data;
    expect(group.map((member: { locale: string }) => member.locale).sort()).toEqual(['en', 'fr']);
    expect(
      (await a.call('editor', 'GET', '/api/posts?locale=fr')).json().data.map((e: { id: number }) => e.id),
    ).toEqual([french.id]);

    const again = await a.call('editor', 'POST', `/api/posts/${post.id}/translations`, { locale: 'fr' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('translation_exists');
    expect(
      (await a.call('editor', 'POST', `/api/posts/${post.id}/translations`, { locale: 'de' })).statusCode,
    ).toBe(422);

    expect((await a.call('editor', 'DELETE', `/api/posts/${french.id}/translations`)).statusCode).toBe(204);
    expect((await a.call('editor', 'GET', `/api/posts/${post.id}/translations`)).json().data).toHaveLength(1);
  });

  it('mirrors the page tree and keeps shared fields equal across the group', async () => {
    const parent = (await a.call('editor', 'POST', '/api/pages', { title: 'About' })).json().data;
    const child = (
      await a.call('editor', 'POST', '/api/pages', { title: 'Team', parent_id: parent.id })
    ).json().data;
    const parentFr = (
      await a.call('editor', 'POST', `/api/pages/${parent.id}/translations`, {
        locale: 'fr',
        title: 'A propos',
      })
    ).json().data;
    const childFr = (
      await a.call('editor', 'POST', `/api/pages/${child.id}/translations`, { locale: 'fr', title: 'Equipe' })
    ).json().data;
    expect(childFr).toMatchObject({ parent_id: parentFr.id, path: 'a-propos/equipe' });

    await a.call('admin', 'POST', '/api/content-types', {
      slug: 'product',
      singular_label: 'Product',
      plural_label: 'Products',
      fields: [
        { key: 'sku', label: 'SKU', type: 'text', localized: false },
        { key: 'blurb', label: 'Blurb', type: 'text' },
      ],
    });
    const lamp = (
      await a.call('admin', 'POST', '/api/content/product', {
        title: 'Lamp',
        fields: { sku: 'L-1', blurb: 'A lamp' },
      })
    ).json().data;
    const lampe = (
      await a.call('admin', 'POST', `/api/content/product/${lamp.id}/translations`, {
        locale: 'fr',
        title: 'Lampe',
      })
    ).json().data;
    const saved = await a.call('admin', 'PUT', `/api/content/product/${lampe.id}`, {
      version: lampe.version,
      fields: { sku: 'L-2', blurb: 'Une lampe' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const english = (await a.call('admin', 'GET', `/api/content/product/${lamp.id}`)).json().data;
    expect(english.fields).toEqual({ sku: 'L-2', blurb: 'A lamp' });
  });
});
