import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { phoneJpeg } from '../../../../test/fixtures/media-files.js';
import { sendUpload } from '../../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext } from '../../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_UPLOAD: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
});

afterAll(async () => {
  await t.close();
});

interface Media {
  id: number;
  url: string;
  variants: Record<string, { url: string; width: number; height: number }>;
}

async function upload(site: ContentSite, name: string, width: number, height: number): Promise<Media> {
  const res = await sendUpload(t.app, site, 'editor', { name, data: await phoneJpeg(width, height) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Media;
}

const figure = (media: Media, rest = '') =>
  `<figure class="tb-image tb-align-center" data-size="large"><img data-media-id="${media.id}" src="${media.url}" alt="The bay &amp; its &quot;boats&quot;" width="1600" height="1000"${rest}><figcaption>At dawn</figcaption></figure>`;

describe('images in a post body', () => {
  it('are kept as media images, counted as uses, and refused from another site', async () => {
    const bay = await upload(a, 'bay.jpg', 1600, 1000);
    const foreign = await upload(b, 'elsewhere.jpg', 400, 300);

    const crossSite = await a.call('editor', 'POST', '/api/posts', {
      title: 'Borrowed',
      fields: { content: `<p>Hi</p>${figure(foreign)}` },
    });
    expect(crossSite.statusCode).toBe(422);
    expect(crossSite.json().errors).toEqual({
      'fields.content': [`Media ${foreign.id} does not exist on this site.`],
    });

    const created = await a.call('editor', 'POST', '/api/posts', {
      title: 'Morning',
      fields: {
        content: `<p>Look:</p>${figure(bay, ' onerror="alert(1)" srcset="https://evil.test/x.png 1w"')}<p><img src="https://tracker.test/pixel.gif" alt="pixel"></p>`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json().data;
    expect(post.fields.content).toBe(
      `<p>Look:</p><figure class="tb-image tb-align-center" data-size="large"><img data-media-id="${bay.id}" src="${bay.url}" alt="The bay &amp; its &quot;boats&quot;" width="1600" height="1000" /><figcaption>At dawn</figcaption></figure><p></p>`,
    );

    const usage = await a.call('editor', 'GET', `/api/media/${bay.id}/usage`);
    expect(usage.json().data).toEqual([
      {
        owner: { type: 'entry', id: post.id, label: 'Morning', kind: 'post', status: 'draft' },
        path: 'fields.content',
        place: { kind: 'field', label: 'Content' },
      },
    ]);
    const refused = await a.call('editor', 'DELETE', `/api/media/${bay.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('media_in_use');

    // Taken out of the text: no longer a use.
    const saved = await a.call('editor', 'PUT', `/api/posts/${post.id}`, {
      version: post.version,
      fields: { content: '<p>Words only.</p>' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await a.call('editor', 'GET', `/api/media/${bay.id}/usage`)).json().data).toEqual([]);
  });

  it('are shown on the public post with the variants as srcset, never the stored src', async () => {
    const bay = await upload(a, 'harbour.jpg', 1600, 1000);
    const created = await a.call('editor', 'POST', '/api/posts', {
      title: 'Harbour',
      fields: { content: `<p>Before.</p>${figure(bay)}<p>After.</p>` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const published = await a.call('editor', 'POST', `/api/posts/${created.json().data.id}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    const post = published.json().data;
    const at = new Date(post.published_at);
    const url = `/${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/${post.slug}`;

    const page = await t.app.inject({ url, headers: { host: a.host } });
    expect(page.statusCode, page.body).toBe(200);
    const { medium, large } = bay.variants;
    if (!medium || !large) throw new Error('variants missing');
    expect(page.body).toContain(
      `<figure class="tb-image tb-align-center" data-size="large"><img src="${large.url}" srcSet="${medium.url} ${medium.width}w, ${large.url} ${large.width}w`,
    );
    expect(page.body).toContain(
      `sizes="(max-width: 46rem) 100vw, 46rem" width="${large.width}" height="${large.height}" alt="The bay &amp; its &quot;boats&quot;" loading="lazy" decoding="async"/><figcaption>At dawn</figcaption></figure>`,
    );
    expect(page.body).toContain('.tb-content figure.tb-align-left{float:left');
    expect(page.body).not.toContain('data-media-id=');
  });

  it("keep a YouTube or Vimeo video as its page address, shown as the video block's player", async () => {
    const created = await a.call('editor', 'POST', '/api/posts', {
      title: 'Regatta film',
      fields: {
        content:
          '<p>Watch:</p><figure class="tb-video" data-embed-url="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=5"></figure>' +
          '<figure class="tb-video" data-embed-url="https://evil.test/watch?v=dQw4w9WgXcQ"><figcaption>x</figcaption></figure>' +
          '<figure class="tb-video" data-embed-url="javascript:alert(1)"></figure>',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.fields.content).toBe(
      '<p>Watch:</p><figure class="tb-video" data-embed-url="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=5"></figure>',
    );
    const published = await a.call('editor', 'POST', `/api/posts/${created.json().data.id}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    const post = published.json().data;
    const at = new Date(post.published_at);
    const url = `/${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/${post.slug}`;
    const page = await t.app.inject({ url, headers: { host: a.host } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain(
      '<figure class="tb-embed tb-video"><iframe class="tb-embed__frame" title="Video" srcDoc="',
    );
    expect(page.body).toContain('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    // Nothing is loaded from the provider before a click: the frame is a page of our own.
    expect(page.body).not.toMatch(/<iframe[^>]*\ssrc=/);
  });
});
