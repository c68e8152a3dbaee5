import { describe, expect, it } from 'vitest';
import type { Block, ChildrenRule, Rules } from '../tree.js';
import { dropAt, type Rect } from './drop.js';

const rules: Rules = new Map<string, ChildrenRule>([
  ['section', 'any'],
  ['grid', ['column']],
  ['column', 'any'],
  ['heading', 'none'],
  ['image', 'none'],
]);

// A section (0..300 tall) holding a grid of two columns side by side, the first with a heading;
// a heading under the section.
const tree: Block[] = [
  {
    id: 's',
    type: 'section',
    props: {},
    children: [
      {
        id: 'g',
        type: 'grid',
        props: {},
        children: [
          { id: 'c1', type: 'column', props: {}, children: [{ id: 'h1', type: 'heading', props: {} }] },
          { id: 'c2', type: 'column', props: {}, children: [] },
        ],
      },
    ],
  },
  { id: 'h2', type: 'heading', props: {} },
];
const rects: Record<string, Rect> = {
  s: { left: 0, top: 0, width: 800, height: 300 },
  g: { left: 20, top: 20, width: 760, height: 260 },
  c1: { left: 20, top: 20, width: 380, height: 260 },
  h1: { left: 30, top: 30, width: 360, height: 40 },
  c2: { left: 400, top: 20, width: 380, height: 260 },
  h2: { left: 0, top: 300, width: 800, height: 40 },
};
const page = { left: 0, top: 0, width: 800, height: 340 };
const at = (hits: string[], x: number, y: number, dragged: Block = { id: '', type: 'image', props: {} }) =>
  dropAt({ tree, rules, dragged, hits, rectOf: (id) => rects[id] ?? null, point: { x, y }, page });

describe('where a block dragged over the canvas lands', () => {
  it('goes into an empty column, shown as its box', () => {
    const drop = at(['c2', 'g', 's'], 500, 150);
    expect(drop).toMatchObject({ parentId: 'c2', index: 0, indicator: { kind: 'box' } });
  });

  it('goes before or after a block by the half of it the pointer is over', () => {
    expect(at(['h1', 'c1', 'g', 's'], 100, 35)).toMatchObject({ parentId: 'c1', index: 0 });
    expect(at(['h1', 'c1', 'g', 's'], 100, 65)).toMatchObject({ parentId: 'c1', index: 1 });
    expect(at(['h2'], 100, 330)).toMatchObject({ parentId: null, index: 2 });
  });

  it('never puts a block where its parent does not take it: an image in a grid goes to the section', () => {
    // Over the grid itself, between its columns: the grid takes only columns.
    const drop = at(['g', 's'], 400, 150);
    expect(drop?.parentId).toBe('s');
  });

  it('takes a column into the grid, placed by the pointer across the row', () => {
    const column: Block = { id: '', type: 'column', props: {}, children: [] };
    expect(at(['g', 's'], 390, 150, column)).toMatchObject({ parentId: 'g', index: 1 });
    expect(at(['g', 's'], 25, 150, column)).toMatchObject({ parentId: 'g', index: 0 });
  });

  it('never drops a block into itself, and counts its new place without its old one', () => {
    const section = tree[0] as Block;
    expect(at(['h1', 'c1', 'g', 's'], 100, 35, section)).toBeNull();
    const moving = tree[1] as Block;
    // The top heading dragged to the very top: before the section, index 0.
    expect(at(['s'], 100, 2, moving)).toMatchObject({ parentId: null, index: 0 });
    // Over its own place: no drop, it stays.
    expect(at(['h2'], 100, 330, moving)).toBeNull();
  });

  it('goes at the end of the page below every block', () => {
    expect(at([], 100, 400)).toMatchObject({
      parentId: null,
      index: 2,
      indicator: { kind: 'line', top: 340 },
    });
  });
});
