import { describe, expect, it } from 'vitest';
import { itemsAfter, menuRows, placesAfter } from './menu-tree.js';
import type { MenuItem } from './queries.js';

function item(
  id: number,
  label: string,
  children: MenuItem[] = [],
  parent_id: number | null = null,
): MenuItem {
  return {
    id,
    label,
    parent_id,
    position: 0,
    kind: 'custom',
    entry_id: null,
    entry_type: null,
    term_id: null,
    url: `/${label.toLowerCase()}`,
    target: '_self',
    rel: '',
    css_class: '',
    children,
  };
}

// Home, About (Team, Jobs), Contact.
const items = [
  item(1, 'Home'),
  item(2, 'About', [item(3, 'Team', [], 2), item(4, 'Jobs', [], 2)]),
  item(5, 'Contact'),
];
const outline = (tree: MenuItem[], depth = 0): string[] =>
  tree.flatMap((each) => [`${'-'.repeat(depth)}${each.label}`, ...outline(each.children, depth + 1)]);

describe('a menu as a tree', () => {
  it('flattens the nested items depth first', () => {
    expect(menuRows(items).map((row) => [row.node.label, row.depth, row.parentId])).toEqual([
      ['Home', 0, null],
      ['About', 0, null],
      ['Team', 1, 2],
      ['Jobs', 1, 2],
      ['Contact', 0, null],
    ]);
  });

  it('places every item, renumbering each level, the moved one with its sub-items', () => {
    const rows = menuRows(items);
    const places = placesAfter(rows, { id: 5, parentId: 2, index: 1 });
    expect(places).toHaveLength(5);
    expect(places).toEqual(
      expect.arrayContaining([
        { id: 1, parent_id: null, position: 0 },
        { id: 2, parent_id: null, position: 1 },
        { id: 3, parent_id: 2, position: 0 },
        { id: 5, parent_id: 2, position: 1 },
        { id: 4, parent_id: 2, position: 2 },
      ]),
    );
    expect(outline(itemsAfter(rows, places))).toEqual(['Home', 'About', '-Team', '-Contact', '-Jobs']);
    // About goes first, Team and Jobs with it.
    const up = placesAfter(rows, { id: 2, parentId: null, index: 0 });
    expect(outline(itemsAfter(rows, up))).toEqual(['About', '-Team', '-Jobs', 'Home', 'Contact']);
  });
});
