/**
 * The preview's document: the form's markup as the site renders it, in a page of its own with the
 * public theme's stylesheet (found in the site's home page) when there is one. It is shown in a
 * frame sandboxed with nothing allowed: no script runs and the form cannot be sent.
 */

/** The theme's stylesheet named in a page of the site (`/theme/<name>.<hash>.css`), if any. */
export function themeStylesheetOf(page: string): string | null {
  for (const [link] of page.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?stylesheet\b/i.test(link)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(link)?.[1];
    if (href && /^\/theme\/[\w.-]+\.css$/.test(href)) return href;
  }
  return null;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The whole document for the frame's `srcdoc`; `origin` makes the stylesheet's address whole. */
export function previewDocument(
  markup: string,
  options: { lang: string; stylesheet: string | null; origin: string },
) {
  const sheet = options.stylesheet
    ? `<link rel="stylesheet" href="${escapeAttribute(new URL(options.stylesheet, options.origin).href)}">`
    : '<style>body{font:16px/1.5 system-ui,sans-serif}</style>';
  return (
    `<!doctype html><html lang="${escapeAttribute(options.lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">${sheet}` +
    '<style>body{margin:0;padding:24px}</style></head>' +
    `<body><main class="tb-main">${markup}</main></body></html>`
  );
}
