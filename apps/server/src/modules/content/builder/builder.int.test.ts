import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
});
afterAll(() => t.close());

const tree = [
  {
    id: 'hero',
    type: 'section',
    props: { backgroundColor: 'token:primary' },
    children: [
      {
        id: 'cols',
        type: 'grid',
        props: { columns: { desktop: 2, mobile: 1 } },
        children: [
          { id: 'title', type: 'heading', props: { text: 'Welcome', level: 1 } },
          {
            type: 'paragraph',
            props: { content: '<p onclick="x()">Hello <script>bad()</script><em>there</em></p>' },
          },
        ],
      },
    ],
  },
];

describe(`page builder endpoints (${testEngine})`, () => {
  it('lists the block types with their prop schemas', async () => {
    const res = await a.call('editor', 'GET', '/api/builder/blocks');
    expect(res.statusCode).toBe(200);
    const types = res.json().data.map((block: { type: string }) => block.type);
    expect(types).toEqual(expect.arrayContaining(['section', 'grid', 'heading', 'paragraph']));
    const heading = res.json().data.find((block: { type: string }) => block.type === 'heading');
    expect(heading.props.properties.level).toMatchObject({ minimum: 1, maximum: 6, default: 2 });
    expect(heading.children).toBe('none');
  });

  it('saves a tree: ids kept and given, defaults applied, HTML props sanitized; publishes; restores', async () => {
    const page = (await a.call('editor', 'POST', '/api/pages', { title: 'Home' })).json().data;
    const saved = await a.call('editor', 'POST', `/api/builder/page/${page.id}/save`, {
      version: 1,
      blocks: tree,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const blocks = saved.json().data.blocks;
    expect(blocks[0].id).toBe('hero');
    const paragraph = blocks[0].children[0].children[1];
    expect(paragraph.id).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(paragraph.props.content).toBe('<p>Hello <em>there</em></p>');
    expect(blocks[0].children[0].children[0].props.align).toEqual({ desktop: 'left' });

    // The next save moves the paragraph out of the grid and changes the heading: ids make the diff.
    const next = structuredClone(blocks);
    const moved = next[0].children[0].children.pop();
    next[0].children.push(moved);
    next[0].children[0].children[0].props.text = 'Welcome home';
    const second = await a.call('editor', 'POST', `/api/builder/page/${page.id}/save`, {
      version: 2,
      blocks: next,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.blocks[0].children[1].id).toBe(paragraph.id);

    const published = await a.call('editor', 'POST', `/api/builder/page/${page.id}/publish`);
    expect(published.json().data.status).toBe('published');
    const revisions = (await a.call('editor', 'GET', `/api/builder/page/${page.id}/revisions`)).json().data;
    expect(revisions).toHaveLength(3);
    const compare = await a.call(
      'editor',
      'GET',
      `/api/pages/${page.id}/revisions/compare?from=${revisions[1].id}&to=${revisions[0].id}`,
    );
    const changes = compare.json().data.blocks;
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: paragraph.id,
          change: 'moved',
          from: { parent: 'cols', index: 1 },
          to: { parent: 'hero', index: 1 },
        }),
        expect.objectContaining({
          id: 'title',
          change: 'changed',
          props: [{ key: 'text', before: 'Welcome', after: 'Welcome home' }],
        }),
      ]),
    );
    const restored = await a.call(
      'editor',
      'POST',
      `/api/builder/page/${page.id}/restore/${revisions[1].id}`,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.blocks[0].children[0].children[0].props.text).toBe('Welcome');
    expect(restored.json().data.has_unpublished_changes).toBe(true);
  });

  it('refuses a bad tree with the JSON path of each fault, and changes nothing', async () => {
    const page = (await a.call('editor', 'POST', '/api/pages', { title: 'Bad tree' })).json().data;
    const res = await a.call('editor', 'POST', `/api/builder/page/${page.id}/save`, {
      version: 1,
      blocks: [
        {
          type: 'section',
          props: {},
          children: [{ type: 'heading', props: { level: 'big' } }, { type: 'marquee' }],
        },
        { type: 'heading', props: {}, children: [{ type: 'paragraph' }] },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      ['blocks[0].children[0].props.level', 'blocks[0].children[1].type', 'blocks[1].children'].sort(),
    );
    expect((await a.call('editor', 'GET', `/api/pages/${page.id}`)).json().data.version).toBe(1);
  });

  it('answers 404 for a post, another site’s page, and refuses blocks on posts', async () => {
    const post = (await a.call('editor', 'POST', '/api/posts', { title: 'A post' })).json().data;
    expect(
      (await a.call('editor', 'POST', `/api/builder/page/${post.id}/save`, { version: 1, blocks: [] }))
        .statusCode,
    ).toBe(404);
    const foreign = (await b.call('editor', 'POST', '/api/pages', { title: 'B page' })).json().data;
    expect(
      (await a.call('admin', 'POST', `/api/builder/page/${foreign.id}/save`, { version: 1, blocks: [] }))
        .statusCode,
    ).toBe(404);
    expect((await a.call('admin', 'POST', `/api/builder/page/${foreign.id}/publish`)).statusCode).toBe(404);
  });
});
