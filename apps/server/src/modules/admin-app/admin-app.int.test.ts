import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { initialScriptBytes } from './bundle.js';
import { ADMIN_DIST } from './module.js';

let t: TestContext;
const built = existsSync(join(ADMIN_DIST, 'index.html'));

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe.runIf(built || process.env.CI)('the admin app as the server serves it', () => {
  it('answers every address of the app with index.html, never kept, on any host, before any site exists', async () => {
    for (const url of ['/admin', '/admin/', '/admin/login', '/admin/setup?token=x', '/admin/posts/12/edit']) {
      const res = await t.app.inject({ url, headers: { host: 'no-site-yet.test' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('lets its pages show stock photo thumbnails from the providers, and no other new pictures', async () => {
    const policy = String((await t.app.inject({ url: '/admin/media' })).headers['content-security-policy']);
    expect(policy).toMatch(
      /(^|;)img-src 'self' data: https:\/\/images\.unsplash\.com https:\/\/plus\.unsplash\.com https:\/\/images\.pexels\.com(;|$)/,
    );
    expect(policy).toMatch(/(^|;)script-src 'self'( '[^']+')?(;|$)/);
    expect(policy).not.toContain('media-src');
  });

  it("runs one inline script, the import map lending the admin's libraries to plugins, allowed by its hash", async () => {
    const html = readFileSync(join(ADMIN_DIST, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\ssrc=/.test(String(attributes)),
    );
    expect(scripts.map(([, attributes]) => String(attributes).trim())).toEqual(['type="importmap"']);
    const map = String(scripts[0]?.[2]);
    expect(Object.keys(JSON.parse(map).imports)).toEqual(
      expect.arrayContaining(['react', 'react/jsx-runtime', '@mantine/core', '@tessera/plugin/admin']),
    );
    const hash = createHash('sha256').update(map).digest('base64');
    const policy = String((await t.app.inject({ url: '/admin/' })).headers['content-security-policy']);
    expect(policy).toMatch(/(^|;)script-src 'self' '([^']+)'(;|$)/);
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  it('serves its hashed files for a year, and nothing outside them', async () => {
    const html = readFileSync(join(ADMIN_DIST, 'index.html'), 'utf8');
    const script = html.match(/src="(\/admin\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const res = await t.app.inject({ url: String(script) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/admin/assets/nope.js' })).statusCode).toBe(404);
    // Dots lead nowhere outside the app's files (at most to the app's own page).
    for (const url of ['/admin/assets/../../package.json', '/admin/assets/%2e%2e/%2e%2e/package.json'])
      expect((await t.app.inject({ url })).body, url).not.toContain('"workspaces"');
  });

  it('keeps the JavaScript of the sign-in page and the dashboard within 250 KB gzipped', () => {
    const { files, gzipped } = initialScriptBytes(ADMIN_DIST);
    expect(files.length).toBeGreaterThan(1);
    expect(gzipped).toBeLessThanOrEqual(250 * 1024);
  });
});
