import { useCallback, useMemo, useRef, useState } from 'react';
import type { Catalog } from '../queries.js';
import { defaultsOf } from '../schema.js';
import {
  addPlacements,
  allIds,
  type Block,
  canPlace,
  createBlock,
  duplicateBlock,
  insertBlock,
  type KeyboardMove,
  keyboardPlacement,
  locate,
  moveBlock,
  type Placement,
  removeBlock,
  updateProps,
} from '../tree.js';
import { copyToClipboard, pasteFromClipboard } from './clipboard.js';
import { type History, record, redo, startHistory, undo } from './history.js';

/** What an action did, for the live region: the words are the caller's. */
export type Said =
  | {
      kind: 'added' | 'moved' | 'duplicated' | 'deleted' | 'copied' | 'pasted';
      /** The block's type, and its parent's (null: the top of the page). */
      type: string;
      parentType: string | null;
      index: number;
    }
  | { kind: 'undone' | 'redone' | 'nothingToUndo' | 'nothingToRedo' | 'cannot' | 'nothingToPaste' };

/**
 * The builder's tree with its history and selection, and every edit as one function: the canvas,
 * the outline, the toolbar and the keyboard all change the tree through these, so each edit is one
 * step to undo and is said once.
 */
export function useEditorState(initial: Block[], catalog: Catalog, onSaid: (said: Said) => void) {
  const [history, setHistory] = useState<History<Block[]>>(() => startHistory(initial));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  const historyRef = useRef(history);
  historyRef.current = history;
  const tree = history.present;
  const treeRef = useRef(tree);
  treeRef.current = tree;
  const say = useRef(onSaid);
  say.current = onSaid;
  const rules = catalog.rules;

  const change = useCallback((next: Block[], key: string | null = null) => {
    setHistory((now) => record(now, next, key, Date.now()));
  }, []);

  const place = useCallback(
    (block: Block, placement: Placement, kind: 'added' | 'pasted') => {
      const next = insertBlock(treeRef.current, block, placement);
      change(next);
      setSelectedId(block.id);
      say.current({ kind, ...where(next, block.id) });
    },
    [change],
  );

  const actions = useMemo(() => {
    const move = (id: string, placement: Placement) => {
      const block = locate(treeRef.current, id)?.block;
      if (!block || !canPlace(treeRef.current, block, placement.parentId, rules)) {
        say.current({ kind: 'cannot' });
        return;
      }
      const next = moveBlock(treeRef.current, id, placement);
      change(next);
      setSelectedId(id);
      say.current({ kind: 'moved', ...where(next, id) });
    };
    return {
      setSelected: setSelectedId,
      /** A new block of a type with its defaults, where it was dropped. */
      add(type: string, placement: Placement) {
        const blockType = catalog.byType.get(type);
        if (!blockType) return;
        place(createBlock(type, defaultsOf(blockType.props, true), rules), placement, 'added');
      },
      /** Where a click or Enter in the palette puts a block: inside the selection, after it, or at the end. */
      placementFor(type: string): Placement | undefined {
        const ways = addPlacements(treeRef.current, selectedRef.current, type, rules);
        return ways.inside ?? ways.after ?? ways.end;
      },
      insert(blocks: Block[], placement: Placement) {
        let next = treeRef.current;
        blocks.forEach((block, i) => {
          next = insertBlock(next, block, { ...placement, index: placement.index + i });
        });
        change(next);
        const first = blocks[0];
        if (first) {
          setSelectedId(first.id);
          say.current({ kind: 'added', ...where(next, first.id) });
        }
      },
      move,
      moveBy(id: string, way: KeyboardMove) {
        const placement = keyboardPlacement(treeRef.current, id, way, rules);
        if (placement) move(id, placement);
        else say.current({ kind: 'cannot' });
      },
      duplicate(id: string) {
        const result = duplicateBlock(treeRef.current, id);
        if (!result) return;
        change(result.tree);
        setSelectedId(result.id);
        say.current({ kind: 'duplicated', ...where(result.tree, result.id) });
      },
      remove(id: string) {
        const at = locate(treeRef.current, id);
        if (!at) return;
        const siblings = at.parent ? (at.parent.children ?? []) : treeRef.current;
        const next = siblings[at.index + 1] ?? siblings[at.index - 1] ?? at.parent;
        change(removeBlock(treeRef.current, id));
        setSelectedId(next?.id ?? null);
        say.current({ kind: 'deleted', ...where(treeRef.current, id) });
      },
      copy(id: string) {
        const block = locate(treeRef.current, id)?.block;
        if (!block) return;
        copyToClipboard(block);
        say.current({ kind: 'copied', ...where(treeRef.current, id) });
      },
      /** The copied block after the selection (inside it when it is an empty container), else at the end. */
      paste() {
        const block = pasteFromClipboard();
        if (!block) {
          say.current({ kind: 'nothingToPaste' });
          return;
        }
        const ways = addPlacements(treeRef.current, selectedRef.current, block.type, rules);
        const placement = ways.after ?? ways.inside ?? ways.end;
        if (!placement || !canPlace(treeRef.current, block, placement.parentId, rules)) {
          say.current({ kind: 'cannot' });
          return;
        }
        place(block, placement, 'pasted');
      },
      setProps(id: string, props: Record<string, unknown>) {
        change(updateProps(treeRef.current, id, props), `props:${id}`);
      },
      /** The selection one block up or down the page (depth first), or its parent. */
      step(direction: 'previous' | 'next' | 'parent') {
        const ids = allIds(treeRef.current);
        const current = selectedRef.current;
        if (direction === 'parent') {
          const parent = current ? locate(treeRef.current, current)?.parent : null;
          if (parent) setSelectedId(parent.id);
          return;
        }
        const at = current ? ids.indexOf(current) : -1;
        const next = direction === 'next' ? ids[at + 1] : at > 0 ? ids[at - 1] : ids[0];
        if (next) setSelectedId(next);
      },
      // Said only when there was a step to take: "Undone" after nothing changed would mislead.
      undo() {
        const can = historyRef.current.past.length > 0;
        setHistory((now) => undo(now));
        say.current({ kind: can ? 'undone' : 'nothingToUndo' });
      },
      redo() {
        const can = historyRef.current.future.length > 0;
        setHistory((now) => redo(now));
        say.current({ kind: can ? 'redone' : 'nothingToRedo' });
      },
      /** A block replaced by another in its place (a selection saved as a synced pattern). */
      swap(id: string, block: Block) {
        const at = locate(treeRef.current, id);
        if (!at) return;
        const next = insertBlock(removeBlock(treeRef.current, id), block, {
          parentId: at.parent?.id ?? null,
          index: at.index,
        });
        change(next);
        setSelectedId(block.id);
      },
      /** The tree replaced as a new step (a revision restored, a synced pattern made). */
      replace(next: Block[]) {
        change(next);
      },
    };
  }, [catalog, rules, change, place]);
  // A selection whose block went (undone, deleted elsewhere) is no selection.
  const selected = selectedId ? locate(tree, selectedId) : null;

  return {
    tree,
    selectedId: selected ? selectedId : null,
    selected,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    actions,
  };
}

/** What and where a block is in `tree`, for saying so. */
function where(tree: Block[], id: string) {
  const at = locate(tree, id);
  return { type: at?.block.type ?? '', parentType: at?.parent?.type ?? null, index: at?.index ?? 0 };
}
