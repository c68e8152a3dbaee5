import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdminBrowser,
  apiCall,
  describeInBrowser,
  SCREENSHOTS,
  seedAdminUser,
  signIn,
  startAdminBrowser,
  violations,
} from '../../../test/admin-browser.js';
import { startSmtp } from '../../../test/fixtures/smtp.js';
import { workerForRuntime } from '../../core/jobs/worker.js';

/**
 * The newsletter screens in chromium against a real server, a real SMTP server and a job worker:
 * a list made, subscribers imported from a CSV file with the import's progress and its refused
 * line, a campaign written in the outline editor's email blocks, previewed, tested to oneself and
 * sent, then its report (totals, the chart over time, the recipients) read; axe on each screen.
 */
const ADA = 'ada@example.test';
/** Sign-in, the screens' lazy chunks and the worker's batches take more than a second on a busy machine. */
const LOAD = { timeout: 15_000 };

let admin: AdminBrowser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;

beforeAll(async () => {
  smtp = await startSmtp();
  admin = await startAdminBrowser({ SMTP_URL: smtp.url });
  await seedAdminUser(admin, ADA, 'admin', 'Ada');
  worker = workerForRuntime(admin.t.runtime, { pollMs: 50 });
  worker.start();
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await admin?.close();
  await smtp?.close();
});

async function signedIn(path: string): Promise<Page> {
  const { page } = await admin.open();
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`${admin.base}/admin${path}`);
  await signIn(page, ADA);
  return page;
}

const CSV = [
  'Email,Name,Language',
  'grace@example.test,Grace Hopper,en',
  'not-an-address,Nobody,en',
  'alan@example.test,Alan Turing,en',
  'linus@example.test,Linus,fr',
].join('\n');

describeInBrowser('the newsletter screens', () => {
  it('imports subscribers from a CSV file into a new list, with its progress and the line refused', async () => {
    const page = await signedIn('/newsletter/lists');
    await page.getByRole('button', { name: 'Add a list' }).click();
    await page.getByLabel('Name').fill('Harbour news');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByRole('cell', { name: 'Harbour news', exact: true }).count(), LOAD)
      .toBe(1);

    await page.getByRole('tab', { name: 'Subscribers' }).click();
    await expect.poll(() => page.getByText('No subscriber yet', { exact: false }).count(), LOAD).toBe(1);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const panel = page.getByRole('region', { name: 'Import subscribers from a CSV file' });
    await panel.locator('input[type=file]').setInputFiles({
      name: 'subscribers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    // The columns were read from the file's first line and guessed by their names.
    await expect.poll(() => panel.getByLabel('Column of the email address').inputValue()).toBe('Email');
    expect(await panel.getByLabel('Column of the name').inputValue()).toBe('Name');
    await panel.getByLabel('Add everyone to these lists').click();
    await page.getByRole('option', { name: 'Harbour news' }).click();
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => panel.getByRole('status').textContent(), LOAD)
      .toBe('Done. 4 lines read: 3 added, 0 merged, 1 refused.');
    // The refused line by its number in the file (the header is line 1).
    expect(await panel.getByRole('row', { name: /^3 / }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-newsletter-import.png'), fullPage: true });
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByText('3 subscribers').count(), LOAD).toBe(1);
    expect(await page.getByRole('cell', { name: 'Harbour news', exact: true }).count()).toBe(3);
    await page.context().close();
  });

  it('writes a campaign in email blocks, previews it, sends a test and then the campaign, and reports on it', async () => {
    const page = await signedIn('/newsletter');
    await page.getByRole('link', { name: 'New campaign' }).click();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Spring on the quay');
    await page.getByRole('textbox', { name: 'Preview text' }).fill('Boats, tides and the summer timetable');
    await page.getByRole('combobox', { name: 'Send to these lists' }).click();
    await page.getByRole('option', { name: 'Harbour news' }).click();
    await page.keyboard.press('Escape');

    // Only the email-safe blocks are offered.
    const blocks = page.getByRole('region', { name: 'Content' });
    await blocks.getByRole('button', { name: 'Add block' }).click();
    const palette = page.getByRole('dialog', { name: 'Add a block' });
    expect(await palette.getByRole('button', { name: 'Section', exact: true }).count()).toBe(0);
    expect(await palette.getByRole('button', { name: 'Form', exact: true }).count()).toBe(0);
    await palette.getByRole('button', { name: 'Heading', exact: true }).click();
    await blocks.getByLabel(/^Text/).fill('The summer timetable');
    await blocks.getByRole('button', { name: 'Add block' }).click();
    await palette.getByRole('button', { name: 'Paragraph', exact: true }).click();
    await blocks.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Ferries leave every hour from June.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.url(), LOAD).toMatch(/\/admin\/newsletter\/campaigns\/\d+$/);
    const id = Number(page.url().split('/').at(-1));

    // The preview is the mail as sent: its subject and the blocks in the site's layout.
    await expect
      .poll(() => page.getByTestId('preview-subject').textContent(), LOAD)
      .toBe('Spring on the quay');
    const frame = page.locator('iframe[title="The HTML part of the mail"]');
    await expect
      .poll(async () => (await frame.getAttribute('srcdoc')) ?? '', LOAD)
      .toContain('The summer timetable');
    expect(await page.getByTestId('preview-text').textContent()).toContain(
      'Ferries leave every hour from June.',
    );
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-newsletter-campaign.png'), fullPage: true });

    await page.getByRole('button', { name: 'Send a test to myself' }).click();
    await expect.poll(() => page.getByText(`A test is on its way to ${ADA}.`).count(), LOAD).toBe(1);
    await expect.poll(() => smtp.inbox.some((mail) => mail.to.includes(ADA)), LOAD).toBe(true);

    await page.getByRole('button', { name: 'Send now' }).click();
    await page
      .getByRole('dialog', { name: 'Send this campaign now?' })
      .getByRole('button', { name: 'Send now' })
      .click();
    await expect.poll(() => page.url(), LOAD).toMatch(new RegExp(`/campaigns/${id}/report$`));
    // The worker sends it in batches; the report follows until it is sent.
    await expect.poll(() => page.getByTestId('total-sent').textContent(), LOAD).toBe('3');
    await expect.poll(() => page.getByText('Sent', { exact: true }).first().count(), LOAD).toBe(1);
    const recipients = ['grace@example.test', 'alan@example.test', 'linus@example.test'];
    for (const to of recipients) expect(smtp.inbox.some((mail) => mail.to.includes(to))).toBe(true);
    const chart = page.getByTestId('campaign-chart');
    await expect.poll(() => chart.locator('rect').count(), LOAD).toBeGreaterThan(0);
    expect(await chart.getAttribute('aria-label')).toContain('sent 3');
    for (const to of recipients) expect(await page.getByRole('cell', { name: to }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-newsletter-report.png'), fullPage: true });

    const report = await apiCall(page, admin.base, 'GET', `/api/newsletter/campaigns/${id}/report`);
    expect(report.body.data.totals).toMatchObject({ recipients: 3, sent: 3, failed: 0 });
    await page.context().close();
  });
});
