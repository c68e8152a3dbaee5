import type { SafeHtml } from './blocks.js';

class Html implements SafeHtml {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to place in HTML, between tags or in a quoted attribute. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function piece(value: unknown): string {
  if (value instanceof Html) return value.html;
  if (Array.isArray(value)) return value.map(piece).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(value);
}

/**
 * HTML with every interpolated value escaped, except what `html` built itself (and lists of it):
 * `` html`<li>${entry.name}</li>` `` is safe whatever the visitor wrote. `null`, `undefined` and
 * `false` place nothing, so `${cond && html`...`}` works.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += piece(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** HTML you vouch for (what another `html` built, your own constant markup), placed as it is. */
export function unsafeHtml(markup: string): SafeHtml {
  return new Html(markup);
}
