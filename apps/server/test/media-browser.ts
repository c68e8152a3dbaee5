import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { PDF } from './fixtures/media-files.js';

/**
 * What the media library's browser tests share: files on disk for the file input to send, and
 * the library as the API answers it to the signed-in page.
 */

/** A picture to write as a PNG: its pixels and its one colour. */
export interface Picture {
  width: number;
  height: number;
  rgb: [number, number, number];
}

/** A new folder holding each picture as a PNG under its name, and brochure.pdf. */
export async function writeSamples(prefix: string, pictures: Record<string, Picture>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [name, { width, height, rgb }] of Object.entries(pictures)) {
    const [r, g, b] = rgb;
    const png = await sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
    writeFileSync(join(dir, name), png);
  }
  writeFileSync(join(dir, 'brochure.pdf'), PDF);
  return dir;
}

/** The library's first hundred items, newest first, as the page's user reads them. */
export async function libraryOf<T>(page: Page, base: string): Promise<T[]> {
  const answer = await page.request.get(`${base}/api/media?page=1&limit=100`);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).data as T[];
}

/** The item uploaded under that name. */
export async function mediaNamed<T extends { original_name: string }>(
  page: Page,
  base: string,
  name: string,
): Promise<T> {
  const found = (await libraryOf<T>(page, base)).find((media) => media.original_name === name);
  if (!found) throw new Error(`${name} is not in the library`);
  return found;
}
