import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdminBrowser,
  apiCall,
  describeInBrowser,
  seedAdminUser,
  signIn,
  startAdminBrowser,
} from '../../../test/admin-browser.js';

/**
 * A post larger than the server accepts, in chromium: a paste over the body limit is refused at
 * once with the limit named; a large one is kept and said; the entry grown past the limit is warned
 * beside its text, and its save is not sent (it would get 413) while the text stays in the editor.
 * The server runs with a 64 KB limit, so the texts stay small enough to paste quickly.
 */
let admin: AdminBrowser;

beforeAll(async () => {
  admin = await startAdminBrowser({ BODY_LIMIT: String(64 * 1024) });
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

/** Pastes plain text of about `kilobytes` KB (paragraphs of one sentence, each starting with `mark`). */
function pasteText(page: Page, mark: string, kilobytes: number): Promise<void> {
  return page.evaluate(
    ({ mark, kilobytes }) => {
      const paragraph = `${mark} the tide came in over the harbour wall and the boats rose with it.\n\n`;
      const transfer = new DataTransfer();
      transfer.setData('text/plain', paragraph.repeat(Math.ceil((kilobytes * 1024) / paragraph.length)));
      document
        .querySelector('.ProseMirror')
        ?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
    },
    { mark, kilobytes },
  );
}

describeInBrowser('a post over the body limit', () => {
  it('refuses a paste over the limit, warns beside the text, and does not send the save', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/content/post/new`);
    await signIn(page, 'ada@example.test');
    await page.getByLabel(/^Title/).fill('The long tide');
    const content = page.getByRole('textbox', { name: 'Content' });
    await content.click();
    await page.keyboard.type('Opening words.');

    // Over the limit on its own: not pasted, said at once with the limit.
    await pasteText(page, 'Refused', 100);
    const refused = page.getByRole('alert').filter({ hasText: 'Not pasted' });
    await expect.poll(() => refused.textContent()).toContain('64 kB');
    expect(await content.textContent()).not.toContain('Refused');

    // Large but within it: kept, and said.
    await pasteText(page, 'First', 40);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'A large paste' }).count()).toBe(1);
    await expect.poll(() => content.textContent()).toContain('First the tide');

    // The entry now passes the limit: warned beside its text with the limit and what to do.
    await pasteText(page, 'Second', 40);
    await expect.poll(() => content.textContent()).toContain('Second the tide');
    const warning = page.getByRole('alert').filter({ hasText: 'Too large to save' });
    await expect.poll(() => warning.textContent()).toContain('64 kB');
    expect(await warning.textContent()).toContain('split the post');

    // The save is not sent: the server would refuse it whole. The text stays.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/content/')) sent.push(request.url());
    });
    await page.getByRole('button', { name: 'Create draft' }).click();
    const notSaved = page.getByRole('alert').filter({ hasText: 'Not sent' });
    await expect.poll(() => notSaved.textContent()).toContain('64 kB');
    expect(sent).toEqual([]);
    expect(await content.textContent()).toContain('Opening words.');
    expect(await content.textContent()).toContain('Second the tide');
    await context.close();
  });

  it('saves the last keystrokes on Ctrl+S, though the text hands its HTML to the form only once typing pauses', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/content/post/new`);
    await signIn(page, 'ada@example.test');
    await page.getByLabel(/^Title/).fill('Quick save');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Written just before saving');
    await page.keyboard.press('Control+s');
    await page.waitForURL(/\/admin\/content\/post\/\d+$/);
    const id = page.url().split('/').at(-1);
    const saved = await apiCall(page, admin.base, 'GET', `/api/content/post/${id}`);
    expect(saved.body.data.fields.content).toBe('<p>Written just before saving</p>');
    await context.close();
  });
});
