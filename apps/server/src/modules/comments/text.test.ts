import { describe, expect, it } from 'vitest';
import { commentHtml, linkCount } from './text.js';

describe('comment text', () => {
  it('escapes everything and makes http(s) links safe', () => {
    expect(commentHtml('<script>alert(1)</script> & "x"')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;</p>',
    );
    expect(commentHtml('See https://example.com/a?b=1&c=2. Thanks')).toBe(
      '<p>See <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow ugc noopener" target="_blank">https://example.com/a?b=1&amp;c=2</a>. Thanks</p>',
    );
    expect(commentHtml('javascript:alert(1) and <a href="https://x">x</a>')).not.toContain(
      '<a href="javascript',
    );
    expect(commentHtml('one\ntwo\n\nthree')).toBe('<p>one<br>two</p><p>three</p>');
    expect(linkCount('http://a.test https://b.test ftp://c.test')).toBe(2);
  });
});
