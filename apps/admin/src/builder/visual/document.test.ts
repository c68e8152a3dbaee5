import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allIds, type Block, updateProps } from '../tree.js';
import { openTree, storedTree } from './document.js';

/** A stored block: an id or none (an imported tree), props of any JSON, children or none, extra keys kept. */
const storedBlock = fc.letrec<{ block: Record<string, unknown> }>((tie) => ({
  block: fc.record(
    {
      id: fc.constantFrom('a', 'b', 'c', 'hero', 'x1'),
      type: fc.constantFrom('section', 'heading', 'paragraph', 'grid', 'image'),
      props: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })),
      children: fc.array(tie('block'), { maxLength: 3 }),
    },
    { requiredKeys: ['type', 'props'] },
  ),
}));
const storedTreeArbitrary = fc.array(storedBlock.block, { maxLength: 5 });

let counter = 0;
const mint = () => `m${++counter}`;

describe("the builder's boundary with the stored tree", () => {
  it('gives back exactly what it was given when nothing is edited', () => {
    fc.assert(
      fc.property(storedTreeArbitrary, (stored) => {
        const opened = openTree(stored, mint);
        expect(storedTree(opened.blocks, opened.minted)).toEqual(stored);
      }),
    );
  });

  it('gives every block a unique id inside, whatever ids the stored tree had', () => {
    fc.assert(
      fc.property(storedTreeArbitrary, (stored) => {
        const ids = allIds(openTree(stored, mint).blocks);
        expect(new Set(ids).size).toBe(ids.length);
      }),
    );
  });

  it('changes only the block edited: every other block comes back as it was', () => {
    fc.assert(
      fc.property(storedTreeArbitrary, fc.nat(), fc.jsonValue({ maxDepth: 1 }), (stored, pick, value) => {
        const opened = openTree(stored, mint);
        const ids = allIds(opened.blocks);
        fc.pre(ids.length > 0);
        const id = ids[pick % ids.length] as string;
        const edited = updateProps(opened.blocks, id, { changed: value });
        const out = storedTree(edited, opened.minted);
        // The same walk over both: the edited block has the new props, all else is equal.
        const walk = (before: readonly unknown[], after: readonly Block[], inside: readonly Block[]) => {
          expect(after.length).toBe(before.length);
          after.forEach((block, i) => {
            const original = before[i] as Record<string, unknown>;
            const held = inside[i] as Block;
            if (held.id === id) expect(block).toEqual({ ...original, props: { changed: value } });
            else {
              const { children, ...rest } = block;
              const { children: originalChildren, ...originalRest } = original;
              expect(rest).toEqual(originalRest);
              if (originalChildren === undefined) expect(children).toBeUndefined();
              else walk(originalChildren as unknown[], children ?? [], held.children ?? []);
            }
          });
        };
        walk(stored, out, edited);
      }),
    );
  });
});
