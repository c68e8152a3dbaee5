import { describe, expect, it } from 'vitest';
import {
  addPlacements,
  allIds,
  type Block,
  blockPath,
  type ChildrenRule,
  copyBlock,
  countBlocks,
  createBlock,
  dropPlacement,
  duplicateBlock,
  flatten,
  insertBlock,
  keyboardPlacement,
  MAX_DEPTH,
  moveBlock,
  newBlockId,
  removeBlock,
  sameTree,
  treeErrors,
  updateProps,
} from './tree.js';

const rules = new Map<string, ChildrenRule>([
  ['section', 'any'],
  ['columns', ['container']],
  ['container', 'any'],
  ['heading', 'none'],
  ['paragraph', 'none'],
]);

const block = (id: string, type: string, children?: Block[]): Block =>
  children ? { id, type, props: {}, children } : { id, type, props: {} };

// hero (title, intro), cols (left (note)), outro
const page = (): Block[] => [
  block('hero', 'section', [block('title', 'heading'), block('intro', 'paragraph')]),
  block('cols', 'columns', [block('left', 'container', [block('note', 'paragraph')])]),
  block('outro', 'paragraph'),
];

/** The tree as `id(child,child)` for short expectations. */
const shape = (tree: readonly Block[]): string =>
  tree.map((b) => (b.children ? `${b.id}(${shape(b.children)})` : b.id)).join(',');

let counter = 0;
const ids = () => `n${++counter}`;

describe('the block tree', () => {
  it('makes ids in the format the server keeps', () => {
    const made = new Set(Array.from({ length: 200 }, newBlockId));
    expect(made.size).toBe(200);
    for (const id of made) expect(id).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });

  it('creates blocks with children only for containers', () => {
    expect(createBlock('section', { tag: 'div' }, rules, () => 'a')).toEqual({
      id: 'a',
      type: 'section',
      props: { tag: 'div' },
      children: [],
    });
    expect(createBlock('heading', {}, rules, () => 'b')).toEqual({ id: 'b', type: 'heading', props: {} });
  });

  it('inserts, removes and moves without changing its input', () => {
    const tree = page();
    const before = JSON.stringify(tree);
    expect(shape(insertBlock(tree, block('x', 'heading'), { parentId: 'hero', index: 1 }))).toBe(
      'hero(title,x,intro),cols(left(note)),outro',
    );
    expect(shape(removeBlock(tree, 'left'))).toBe('hero(title,intro),cols(),outro');
    expect(shape(moveBlock(tree, 'outro', { parentId: 'left', index: 0 }))).toBe(
      'hero(title,intro),cols(left(outro,note))',
    );
    expect(shape(moveBlock(tree, 'hero', { parentId: null, index: 2 }))).toBe(
      'cols(left(note)),outro,hero(title,intro)',
    );
    expect(
      updateProps(tree, 'note', { content: '<p>Hi</p>' })[1]?.children?.[0]?.children?.[0]?.props,
    ).toEqual({
      content: '<p>Hi</p>',
    });
    expect(JSON.stringify(tree)).toBe(before);
  });

  it('duplicates a block deeply with new ids, right after it', () => {
    const tree = page();
    tree[0] = { ...block('hero', 'section', tree[0]?.children), props: { padding: { desktop: 6 } } };
    const result = duplicateBlock(tree, 'hero', ids);
    expect(result).not.toBeNull();
    const copy = result?.tree[1];
    expect(copy?.id).toBe(result?.id);
    expect(copy?.type).toBe('section');
    expect(copy?.props).toEqual({ padding: { desktop: 6 } });
    expect(copy?.props).not.toBe(tree[0]?.props);
    expect(copy?.children?.map((child) => child.type)).toEqual(['heading', 'paragraph']);
    const every = allIds(result?.tree ?? []);
    expect(new Set(every).size).toBe(every.length);
    expect(countBlocks(result?.tree ?? [])).toBe(countBlocks(tree) + 3);
    expect(copyBlock(block('one', 'heading'), () => 'two')).toEqual(block('two', 'heading'));
  });

  it('moves from the keyboard only where the rules allow', () => {
    const tree = page();
    expect(keyboardPlacement(tree, 'intro', 'up', rules)).toEqual({ parentId: 'hero', index: 0 });
    expect(keyboardPlacement(tree, 'title', 'up', rules)).toBeNull();
    expect(keyboardPlacement(tree, 'intro', 'down', rules)).toBeNull();
    // Into the previous sibling, last among its children.
    expect(keyboardPlacement(tree, 'cols', 'in', rules)).toEqual({ parentId: 'hero', index: 2 });
    // A columns block takes only containers: a paragraph cannot go in.
    expect(keyboardPlacement(tree, 'outro', 'in', rules)).toBeNull();
    // A heading takes nothing.
    expect(keyboardPlacement(tree, 'intro', 'in', rules)).toBeNull();
    // Out of its parent, right after it.
    expect(keyboardPlacement(tree, 'title', 'out', rules)).toEqual({ parentId: null, index: 1 });
    // Out of a container into columns, which refuses paragraphs.
    expect(keyboardPlacement(tree, 'note', 'out', rules)).toBeNull();
    expect(keyboardPlacement(tree, 'hero', 'out', rules)).toBeNull();
  });

  it('refuses to nest deeper than the server allows', () => {
    let tree: Block[] = [block('d1', 'section', [])];
    for (let depth = 2; depth <= MAX_DEPTH; depth += 1)
      tree = insertBlock(tree, block(`d${depth}`, 'section', []), { parentId: `d${depth - 1}`, index: 0 });
    tree = insertBlock(tree, block('deep', 'section', [block('leaf', 'heading')]), {
      parentId: null,
      index: 1,
    });
    tree = insertBlock(tree, block('other', 'section', []), { parentId: null, index: 0 });
    // d12 is at the deepest level: nothing more goes inside it.
    expect(addPlacements(tree, `d${MAX_DEPTH}`, 'heading', rules).inside).toBeUndefined();
    expect(addPlacements(tree, `d${MAX_DEPTH - 1}`, 'heading', rules).inside).toBeDefined();
    // A two-level block fits under d10 but not under d11.
    const deep = moveBlock(tree, 'deep', { parentId: `d${MAX_DEPTH - 2}`, index: 0 });
    expect(keyboardPlacement(deep, 'deep', 'down', rules)).not.toBeNull();
    const d11 = moveBlock(tree, 'deep', { parentId: `d${MAX_DEPTH - 1}`, index: 0 });
    // Right after d12 under d11: "in" would put it under d12, too deep.
    expect(keyboardPlacement(d11, 'deep', 'down', rules)).not.toBeNull();
    const under = moveBlock(tree, 'deep', { parentId: `d${MAX_DEPTH - 1}`, index: 1 });
    expect(keyboardPlacement(under, 'deep', 'in', rules)).toBeNull();
  });

  it('offers inside, after or at the end when adding', () => {
    const tree = page();
    expect(addPlacements(tree, 'hero', 'heading', rules)).toEqual({
      inside: { parentId: 'hero', index: 2 },
      after: { parentId: null, index: 1 },
      end: { parentId: null, index: 3 },
    });
    expect(addPlacements(tree, 'title', 'paragraph', rules)).toEqual({
      after: { parentId: 'hero', index: 1 },
      end: { parentId: null, index: 3 },
    });
    // Columns take containers only, after a container only a container.
    expect(addPlacements(tree, 'cols', 'heading', rules).inside).toBeUndefined();
    expect(addPlacements(tree, 'cols', 'container', rules).inside).toEqual({ parentId: 'cols', index: 1 });
    expect(addPlacements(tree, 'left', 'heading', rules).after).toBeUndefined();
    expect(addPlacements(tree, null, 'heading', rules)).toEqual({ end: { parentId: null, index: 3 } });
  });

  it('flattens the outline, leaving out what is folded', () => {
    const rows = flatten(page(), new Set(['cols']));
    expect(rows.map((row) => `${row.depth}:${row.block.id}:${row.parentId}:${row.index}`)).toEqual([
      '0:hero:null:0',
      '1:title:hero:0',
      '1:intro:hero:1',
      '0:cols:null:1',
      '0:outro:null:2',
    ]);
    expect(rows[3]?.collapsed).toBe(true);
  });

  it('places a dragged block where the pointer says, if the parent takes it', () => {
    const tree = page();
    const rows = flatten(tree);
    // intro dragged over title: first in hero.
    expect(dropPlacement(tree, rows, 'intro', 'title', 0, 28, rules)).toEqual({
      parentId: 'hero',
      index: 0,
      depth: 1,
    });
    // outro dragged over intro and 28 px right of where it was: after title in hero.
    expect(dropPlacement(tree, rows, 'outro', 'intro', 28, 28, rules)).toEqual({
      parentId: 'hero',
      index: 1,
      depth: 1,
    });
    // outro dropped on note's row: inside left (a container), before note.
    expect(dropPlacement(tree, rows, 'outro', 'note', 56, 28, rules)).toEqual({
      parentId: 'left',
      index: 0,
      depth: 2,
    });
    // outro dragged up to left's row, at its depth: columns refuse it, so the nearest allowed depth.
    const intoCols = dropPlacement(tree, rows, 'outro', 'left', 28, 28, rules);
    expect(intoCols?.parentId).not.toBe('cols');
    // A folded section: dropped as its child goes last.
    const folded = flatten(tree, new Set(['hero']));
    expect(dropPlacement(tree, folded, 'outro', 'cols', 28, 28, rules)).toEqual({
      parentId: 'hero',
      index: 2,
      depth: 1,
    });
  });

  it('sorts the server messages by block and prop', () => {
    const tree = page();
    const errors = treeErrors(
      {
        'blocks[0].children[1].props.content': 'Too long.',
        'blocks.1.children.0.children.0.props.items.0.title': 'Required.',
        'blocks[2].type': 'A columns does not take paragraph blocks.',
        'blocks[9].props.text': 'Gone.',
        blocks: 'A tree holds at most 2000 blocks.',
        title: 'Not mine.',
      },
      tree,
    );
    expect(errors.byBlock.get('intro')).toEqual({ block: [], props: { content: 'Too long.' } });
    expect(errors.byBlock.get('note')).toEqual({ block: [], props: { 'items.0.title': 'Required.' } });
    expect(errors.byBlock.get('outro')).toEqual({
      block: ['A columns does not take paragraph blocks.'],
      props: {},
    });
    expect(errors.general.sort()).toEqual(['A tree holds at most 2000 blocks.', 'Gone.']);
  });

  it("names a block's place as the server's messages do, which treeErrors reads back", () => {
    const tree = page();
    expect(blockPath(tree, 'note')).toBe('blocks.1.children.0.children.0');
    expect(blockPath(tree, 'outro')).toBe('blocks.2');
    expect(blockPath(tree, 'missing')).toBeNull();
    const errors = treeErrors({ [`${blockPath(tree, 'intro')}.props.content`]: 'Too long.' }, tree);
    expect(errors.byBlock.get('intro')?.props).toEqual({ content: 'Too long.' });
  });
});

describe('sameTree', () => {
  const block = { id: 'a', type: 'heading', props: { text: 'Hi', align: { desktop: 'left' } }, children: [] };
  it('sees the same blocks whatever the order of their keys', () => {
    const reordered = {
      children: [],
      props: { align: { desktop: 'left' }, text: 'Hi' },
      type: 'heading',
      id: 'a',
    };
    expect(sameTree([block], [reordered])).toBe(true);
    expect(sameTree([block], [{ ...block, props: { ...block.props, extra: undefined } }])).toBe(true);
  });
  it('tells apart another prop, another order of blocks, or an object for a list', () => {
    expect(sameTree([block], [{ ...block, props: { ...block.props, text: 'Ho' } }])).toBe(false);
    expect(sameTree([block, { ...block, id: 'b' }], [{ ...block, id: 'b' }, block])).toBe(false);
    expect(sameTree([block], { 0: block })).toBe(false);
    expect(sameTree([block], [])).toBe(false);
  });
});
