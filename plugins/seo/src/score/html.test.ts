import { describe, expect, it } from 'vitest';
import { readBody } from './body.js';
import { decodeEntities } from './entities.js';
import { type HtmlHandler, tokenizeHtml } from './html.js';

function events(html: string): string[] {
  const seen: string[] = [];
  const handler: HtmlHandler = {
    openTag: (name, attributes) =>
      seen.push(`<${name}${[...attributes].map(([key, value]) => ` ${key}=${value}`).join('')}>`),
    closeTag: (name) => seen.push(`</${name}>`),
    text: (text) => seen.push(text),
  };
  tokenizeHtml(html, handler);
  return seen;
}

describe('decodeEntities', () => {
  it('decodes the common named references and numeric ones', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; f&nbsp;g')).toBe(
      'a & b <c> "d" \'e\' f\u00a0g',
    );
    expect(decodeEntities('&#233;t&#xE9; &#x2019; &eacute;l&egrave;ve &laquo;oui&raquo; l&rsquo;an')).toBe(
      'été ’ élève «oui» l’an',
    );
  });

  it('leaves unknown or unterminated references as written, and refuses invalid code points', () => {
    expect(decodeEntities('&bogus; &amp &constructor; AT&T')).toBe('&bogus; &amp &constructor; AT&T');
    expect(decodeEntities('&#0; &#xD800; &#x110000;')).toBe('\ufffd \ufffd \ufffd');
  });
});

describe('tokenizeHtml', () => {
  it('reports tags with lower-cased names and decoded attributes, and text between them', () => {
    expect(events('<P Class="a">Hi <A HREF=\'/x?a=1&amp;b=2\' title=t>there</A></P>')).toEqual([
      '<p class=a>',
      'Hi ',
      '<a href=/x?a=1&b=2 title=t>',
      'there',
      '</a>',
      '</p>',
    ]);
  });

  it('does not end a tag at a ">" inside a quoted value, and keeps the first of repeated attributes', () => {
    expect(events('<img alt="a > b" alt="second" src=x.png>after')).toEqual([
      '<img alt=a > b src=x.png>',
      'after',
    ]);
  });

  it('skips comments, doctypes and processing instructions', () => {
    expect(events('<!DOCTYPE html><!-- <p>hidden</p> -->shown<?xml x?>')).toEqual(['shown']);
  });

  it('ignores what <script> and <style> hold, even markup', () => {
    expect(events('a<script>if (a < b) { x("</p>"); }</script>b<STYLE>p{}</Style >c')).toEqual([
      'a',
      '<script>',
      '</script>',
      'b',
      '<style>',
      '</style>',
      'c',
    ]);
  });

  it('takes a lone "<" as text and survives a document cut mid-tag', () => {
    expect(events('1 < 2 and 3 <4')).toEqual(['1 < 2 and 3 <4']);
    expect(events('text<a href="unfinished')).toEqual(['text', '<a href=unfinished>']);
    expect(events('x<!-- never closed')).toEqual(['x']);
  });
});

describe('readBody', () => {
  it('splits text into blocks at block elements and joins inline ones', () => {
    const body = readBody(
      'Intro <h2>Sub<em>head</em></h2><p>One <b>two</b><br>three</p><ul><li>Item</li></ul>',
    );
    expect(body.blocks).toEqual([
      { tag: '', headingLevel: 0, text: 'Intro' },
      { tag: 'h2', headingLevel: 2, text: 'Subhead' },
      { tag: 'p', headingLevel: 0, text: 'One two three' },
      { tag: 'li', headingLevel: 0, text: 'Item' },
    ]);
  });

  it('collapses white space and drops soft hyphens', () => {
    expect(readBody('<p>\n  Hy&shy;phen\u00ad\tand&nbsp;&nbsp;space  </p>').blocks[0]?.text).toBe(
      'Hyphen and space',
    );
  });

  it('lists images with their alt text (missing, empty or present) and links with their href', () => {
    const body = readBody(
      '<p><img src=a><img alt="" src=b><img alt="A dog" src=c><a href=" /x ">x</a><a>none</a></p>',
    );
    expect(body.images).toEqual([{ alt: undefined }, { alt: '' }, { alt: 'A dog' }]);
    expect(body.links).toEqual(['/x']);
  });

  it('closes the blocks left open inside a closed one, and ignores stray closing tags', () => {
    const body = readBody('<div><p>a<blockquote>b</div>c</p></li>d');
    expect(body.blocks.map((block) => `${block.tag}:${block.text}`)).toEqual([
      'p:a',
      'blockquote:b',
      ':c',
      ':d',
    ]);
  });

  it('reads 300 KB of ordinary rich text whole', () => {
    const paragraph =
      '<p>Growing <b>tomatoes</b> is easy &amp; fun. <a href="/soil">Soil</a>.</p><img src=x alt=y>\n';
    const copies = Math.ceil(300_000 / paragraph.length);
    const body = readBody(paragraph.repeat(copies));
    expect(body.blocks).toHaveLength(copies);
    expect(body.blocks[copies - 1]?.text).toBe('Growing tomatoes is easy & fun. Soil.');
    expect(body.images).toHaveLength(copies);
    expect(body.links).toHaveLength(copies);
  });

  // Input a quadratic tokenizer would take minutes over (the test would time out): unclosed quotes,
  // comments and tags, deep nesting, stray closing tags, runs of '<' and '&'.
  it.each([
    ['lone "<"', '<'.repeat(300_000)],
    ['unterminated attribute values', '<a href="'.repeat(40_000)],
    ['unterminated comments', '<!--'.repeat(75_000)],
    ['an unterminated script', `<script>${'x</scrip'.repeat(37_500)}`],
    ['deep nesting then stray closing tags', `${'<div>'.repeat(30_000)}${'</p>'.repeat(30_000)}</div>`],
    ['attributes without end', `<p ${'a=b '.repeat(75_000)}`],
    ['ampersands', '&am'.repeat(100_000)],
  ])('stays linear on 300 KB of %s', (_name, html) => {
    expect(() => readBody(html)).not.toThrow();
  });
});
