import { describe, expect, it } from 'vitest';
import { escapeHtml, html, unsafeHtml } from './html.js';

describe('html', () => {
  it('escapes every value, and nothing html built itself', () => {
    const name = '<script>alert("x")</script> & \'co\'';
    const item = html`<li>${name}</li>`;
    expect(String(item)).toBe(
      '<li>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</li>',
    );
    expect(String(html`<ul>${[item, item]}</ul>`)).toBe(`<ul>${item}${item}</ul>`);
    expect(String(html`<a title="${'a" onmouseover="x'}">`)).toBe('<a title="a&quot; onmouseover=&quot;x">');
  });

  it('places nothing for null, undefined and false, and numbers as text', () => {
    expect(String(html`<p>${null}${undefined}${false}${0}${12.5}</p>`)).toBe('<p>012.5</p>');
  });

  it('takes vouched markup as it is', () => {
    expect(String(html`<div>${unsafeHtml('<hr>')}</div>`)).toBe('<div><hr></div>');
    expect(escapeHtml('<b>')).toBe('&lt;b&gt;');
  });
});
