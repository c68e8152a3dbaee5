import { type Block, canPlace, locate, type Placement, type Rules } from '../tree.js';

/** A box in the canvas's coordinates (the iframe's page: it never scrolls, the editor around it does). */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Drop extends Placement {
  /** Where to draw the indicator: a line between blocks, or the box of an empty container. */
  indicator:
    | { kind: 'line'; left: number; top: number; width: number; height: number }
    | { kind: 'box'; rect: Rect };
}

/** Within this many pixels of a container's top or bottom edge, a drop goes before or after it, not inside. */
const EDGE = 12;

/**
 * Where a block dragged over the canvas would land. `hits` are the blocks under the pointer, the
 * innermost first; each is tried in turn: inside it when it is a container that takes the block
 * (among its children, by where the pointer is against theirs), else before or after it when its
 * parent takes the block. Below every block: the end of the page. Null when nowhere there fits.
 * `dragged` is a block being moved (its own place and descendants are never a target) or a probe
 * of a new block's type.
 */
export function dropAt(input: {
  tree: readonly Block[];
  rules: Rules;
  dragged: Block;
  hits: readonly string[];
  rectOf: (id: string) => Rect | null;
  point: { x: number; y: number };
  /** The canvas's own box: the end-of-page line is drawn across it. */
  page: Rect;
}): Drop | null {
  const { tree, rules, dragged, rectOf, point } = input;
  const moving = locate(tree, dragged.id);
  for (const id of input.hits) {
    if (moving && (id === dragged.id || isInside(tree, id, dragged.id))) continue;
    const at = locate(tree, id);
    const rect = rectOf(id);
    if (!at || !rect) continue;
    const parentId = at.parent?.id ?? null;
    const asSibling = canPlace(tree, dragged, parentId, rules);
    const nearEdge = point.y < rect.top + EDGE || point.y > rect.top + rect.height - EDGE;
    if (canPlace(tree, dragged, id, rules) && !(nearEdge && asSibling)) return inside(at.block, rect, input);
    if (!asSibling) continue;
    const siblings = at.parent ? (at.parent.children ?? []) : tree;
    const row = inRow(siblings, dragged.id, rectOf);
    const after = row ? point.x > rect.left + rect.width / 2 : point.y > rect.top + rect.height / 2;
    const index = at.index + (after ? 1 : 0);
    return {
      parentId,
      index: withoutDragged(index, moving, parentId),
      indicator: row
        ? {
            kind: 'line',
            left: after ? rect.left + rect.width : rect.left,
            top: rect.top,
            width: 0,
            height: rect.height,
          }
        : {
            kind: 'line',
            left: rect.left,
            top: after ? rect.top + rect.height : rect.top,
            width: rect.width,
            height: 0,
          },
    };
  }
  if (input.hits.length > 0 || !canPlace(tree, dragged, null, rules)) return null;
  const last = tree.filter((block) => block.id !== dragged.id).at(-1);
  const lastRect = last ? rectOf(last.id) : null;
  return {
    parentId: null,
    index: tree.length - (moving && moving.parent === null ? 1 : 0),
    indicator: {
      kind: 'line',
      left: input.page.left,
      top: lastRect ? lastRect.top + lastRect.height : input.page.top,
      width: input.page.width,
      height: 0,
    },
  };
}

/** Inside a container: before the first child whose middle is past the pointer, else last. */
function inside(container: Block, rect: Rect, input: Parameters<typeof dropAt>[0]): Drop {
  const { rectOf, point, dragged } = input;
  const children = (container.children ?? []).filter((child) => child.id !== dragged.id);
  if (children.length === 0) return { parentId: container.id, index: 0, indicator: { kind: 'box', rect } };
  const row = inRow(container.children ?? [], dragged.id, rectOf);
  let index = children.length;
  for (const [i, child] of children.entries()) {
    const box = rectOf(child.id);
    if (!box) continue;
    const before = row
      ? point.y < box.top + box.height && point.x < box.left + box.width / 2
      : point.y < box.top + box.height / 2;
    if (before) {
      index = i;
      break;
    }
  }
  const next = children[index];
  const previous = children[index - 1];
  const nextBox = next ? rectOf(next.id) : null;
  const previousBox = previous ? rectOf(previous.id) : null;
  const indicator: Drop['indicator'] = row
    ? nextBox
      ? { kind: 'line', left: nextBox.left, top: nextBox.top, width: 0, height: nextBox.height }
      : previousBox
        ? {
            kind: 'line',
            left: previousBox.left + previousBox.width,
            top: previousBox.top,
            width: 0,
            height: previousBox.height,
          }
        : { kind: 'box', rect }
    : nextBox
      ? { kind: 'line', left: nextBox.left, top: nextBox.top, width: nextBox.width, height: 0 }
      : previousBox
        ? {
            kind: 'line',
            left: previousBox.left,
            top: previousBox.top + previousBox.height,
            width: previousBox.width,
            height: 0,
          }
        : { kind: 'box', rect };
  return { parentId: container.id, index, indicator };
}

/** Whether siblings sit side by side (columns of a grid) rather than one under the other. */
function inRow(siblings: readonly Block[], draggedId: string, rectOf: (id: string) => Rect | null): boolean {
  const boxes = siblings
    .filter((block) => block.id !== draggedId)
    .slice(0, 2)
    .map((block) => rectOf(block.id));
  const [first, second] = boxes;
  if (!first || !second) return false;
  return second.left >= first.left + first.width - 1 && second.top < first.top + first.height - 1;
}

/** An index among siblings that may include the dragged block, as moveBlock counts them (without it). */
function withoutDragged(index: number, moving: ReturnType<typeof locate>, parentId: string | null): number {
  if (!moving || (moving.parent?.id ?? null) !== parentId) return index;
  return moving.index < index ? index - 1 : index;
}

function isInside(tree: readonly Block[], id: string, ancestorId: string): boolean {
  for (let at = locate(tree, id); at?.parent; at = locate(tree, at.parent.id))
    if (at.parent.id === ancestorId) return true;
  return false;
}
