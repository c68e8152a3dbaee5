import { describe, expect, it } from 'vitest';
import { previewDocument, themeStylesheetOf } from './preview-document.js';

describe("the preview's document", () => {
  it("finds the theme's stylesheet in a page of the site", () => {
    const page =
      '<html><head><link rel="icon" href="/favicon.ico"/><link rel="stylesheet" href="/theme/default.1a2b3c.css"/>' +
      '<style>:root{--x:1}</style></head><body></body></html>';
    expect(themeStylesheetOf(page)).toBe('/theme/default.1a2b3c.css');
    expect(themeStylesheetOf('<link href="/theme/a.css" rel="stylesheet">')).toBe('/theme/a.css');
    expect(themeStylesheetOf('<link rel="stylesheet" href="https://cdn.example/x.css">')).toBeNull();
    expect(themeStylesheetOf('<p>No head</p>')).toBeNull();
  });

  it('links the stylesheet by its whole address, and holds the markup in the page', () => {
    const page = previewDocument('<form class="tb-form"></form>', {
      lang: 'fr',
      stylesheet: '/theme/default.1a2b3c.css',
      origin: 'http://localhost:3000',
    });
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('<link rel="stylesheet" href="http://localhost:3000/theme/default.1a2b3c.css">');
    expect(page).toContain('<main class="tb-main"><form class="tb-form"></form></main>');
    expect(previewDocument('', { lang: 'en"><script>', stylesheet: null, origin: 'http://x' })).toContain(
      'lang="en&quot;>&lt;script>"',
    );
  });
});
