import { type Block, blockRegistry, EMAIL_BLOCK_TYPES } from '@tessera/blocks';
import { addFieldError, fieldErrors, ValidationFailed } from '../../../core/errors.js';
import { checkBlockTree } from '../../content/builder/block-tree.js';

const EMAIL = new Set(EMAIL_BLOCK_TYPES);
/** The core's email blocks: a campaign's tree is checked against these alone. */
const EMAIL_REGISTRY = new Map([...blockRegistry].filter(([type]) => EMAIL.has(type)));

/**
 * A campaign's body checked as entries' trees are (props, nesting, ids, rich text sanitized), with
 * only the email blocks: any other block is refused (422) at its path, `blocks[2].type`.
 */
export function checkCampaignBlocks(input: unknown): Block[] {
  const errors = fieldErrors();
  const walk = (nodes: unknown, path: string) => {
    if (!Array.isArray(nodes)) return;
    nodes.forEach((node, i) => {
      if (node === null || typeof node !== 'object') return;
      const { type, children } = node as { type?: unknown; children?: unknown };
      if (typeof type === 'string' && !EMAIL.has(type))
        addFieldError(
          errors,
          `${path}[${i}].type`,
          `A campaign is written with email blocks only; "${type}" is not one of them.`,
        );
      walk(children, `${path}[${i}].children`);
    });
  };
  walk(input, 'blocks');
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  const checked = checkBlockTree(input, EMAIL_REGISTRY);
  if (!checked.ok) throw new ValidationFailed(checked.errors);
  return checked.tree;
}
