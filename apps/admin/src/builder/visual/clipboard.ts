import { type Block, copyBlock } from '../tree.js';

/**
 * Blocks copied in the builder, kept in the browser's storage so they paste into another page, or
 * another tab, as well as this one. Each paste is a fresh copy with ids of its own.
 */
const KEY = 'tessera.builder.clipboard';

export function copyToClipboard(block: Block): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: 1, block }));
  } catch {
    // Storage full or refused (a private window): the copy is simply not kept.
  }
}

/** Whether a block was copied (in this tab or another): the toolbar offers to paste it. */
export function hasCopied(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

export function pasteFromClipboard(): Block | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as {
      version: number;
      block: Block;
    } | null;
    if (stored?.version !== 1 || typeof stored.block?.type !== 'string') return null;
    return copyBlock(stored.block);
  } catch {
    return null;
  }
}
