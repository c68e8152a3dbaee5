import { describe, expect, it } from 'vitest';
import { arcPath, niceScale } from './blocks/chart-geometry.js';
import { ICON_NAMES } from './blocks/icon-set.js';
import { renderBlocks } from './render.js';
import { validateTree } from './tree.js';

function render(blocks: unknown[]) {
  const checked = validateTree(blocks);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return renderBlocks(checked.tree);
}

const chart = (id: string, props: Record<string, unknown>) => ({ id, type: 'chart', props });

describe('chart block', () => {
  it('draws every kind as SVG with no NaN, and a table of the data', () => {
    for (const kind of ['column', 'bar', 'line', 'pie', 'donut']) {
      const { html } = render([
        chart('c', {
          kind,
          labels: ['North', 'South', 'East'],
          series: [
            { name: '2025', values: [10, 25.555, 7] },
            { name: '2026', values: [12, 20, 9] },
          ],
          unit: '%',
        }),
      ]);
      expect(html, kind).toContain(`<figure class="tb-chart tb-chart--${kind}">`);
      expect(html, kind).not.toMatch(/NaN|Infinity|undefined/);
      expect(html, kind).toContain('<th scope="col">2025</th><th scope="col">2026</th>');
      expect(html, kind).toContain('<th scope="row">South</th><td>25.56%</td><td>20%</td>');
    }
  });

  it('puts negative values below the zero line', () => {
    const { html } = render([
      chart('n', { kind: 'column', labels: ['A', 'B'], series: [{ name: 'Net', values: [-5, 10] }] }),
    ]);
    const zero = Number(/class="tb-chart__axis" x1="56" y1="([\d.]+)"/.exec(html)?.[1]);
    const rects = [
      ...html.matchAll(
        /<rect class="tb-chart__c1" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/g,
      ),
    ];
    expect(rects).toHaveLength(2);
    // The negative bar starts at the baseline and goes down; the positive one ends at it.
    expect(Number(rects[0]?.[1])).toBe(zero);
    expect(Number(rects[1]?.[1]) + Number(rects[1]?.[2])).toBeCloseTo(zero, 1);
    expect(html).toContain('>-5</text>');
  });

  it('survives empty and all-zero data', () => {
    for (const kind of ['column', 'line', 'pie']) {
      const { html } = render([
        chart('z', { kind, labels: ['A', 'B'], series: [{ name: 'None', values: [0, 0] }] }),
      ]);
      expect(html, kind).not.toMatch(/NaN|Infinity/);
      const empty = render([chart('e', { kind, labels: [], series: [{ name: 'None', values: [] }] })]).html;
      expect(empty, kind).not.toMatch(/NaN|Infinity/);
    }
    expect(
      render([chart('p', { kind: 'pie', labels: ['A'], series: [{ name: 'S', values: [0] }] })]).html,
    ).toContain('No data');
  });

  it('draws a single slice as a whole disc', () => {
    const { html } = render([
      chart('one', { kind: 'pie', labels: ['All'], series: [{ name: 'S', values: [42] }] }),
    ]);
    const d = /<path class="tb-chart__c1" d="([^"]+)"/.exec(html)?.[1] ?? '';
    // Two half arcs: one arc from a point back to itself would draw nothing.
    expect(d.match(/A164 164/g)).toHaveLength(2);
    expect(html).toContain('>100%</text>');
  });

  it('gives each chart on a page its own ids, and a series its own colour through the stylesheet', () => {
    const { html, css } = render([
      chart('first', { series: [{ name: 'A', values: [1], color: '#ff0000' }], labels: ['x'] }),
      chart('second', { labels: ['x'], series: [{ name: 'B', values: [2] }] }),
    ]);
    expect(html).toContain('id="tb-chart-first-title"');
    expect(html).toContain('id="tb-chart-second-title"');
    expect(css).toContain('.tb-s1{fill:#ff0000;stroke:#ff0000}');
    expect(html).toContain('class="tb-chart__c1 tb-s1"');
  });

  it('refuses more values than labels', () => {
    const checked = validateTree([chart('x', { labels: ['A'], series: [{ name: 'S', values: [1, 2] }] })]);
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.errors).toEqual({ 'blocks[0].props.series.0.values': ['2 values for 1 labels.'] });
  });

  it('works out round scales and arcs', () => {
    expect(niceScale([3, 97])).toMatchObject({ min: 0, max: 100, step: 20 });
    expect(niceScale([-12, 30])).toMatchObject({ min: -20, max: 30, step: 10 });
    expect(niceScale([0, 0])).toMatchObject({ min: 0, max: 1 });
    expect(arcPath(0, 0, 10, 0, 0, Math.PI / 2)).toBe('M0 0 L0 -10 A10 10 0 0 1 10 0 Z');
  });
});

describe('icon block', () => {
  it('draws every icon of the set, decorative unless labelled, named by its link when linked', () => {
    for (const name of ICON_NAMES) {
      const { html } = render([{ id: 'i', type: 'icon', props: { name } }]);
      expect(html, name).toMatch(/<svg [^>]*aria-hidden="true"><(path|circle|rect|line|polyline) /);
    }
    const linked = render([{ id: 'l', type: 'icon', props: { name: 'phone', link: 'tel:+331234' } }]).html;
    expect(linked).toContain('<a href="tel:+331234" aria-label="Phone"><svg');
    expect(linked).toContain('aria-hidden="true"');
    expect(validateTree([{ type: 'icon', props: { name: 'unicorn' } }]).ok).toBe(false);
    expect(validateTree([{ type: 'icon', props: { link: 'javascript:alert(1)' } }]).ok).toBe(false);
  });
});
