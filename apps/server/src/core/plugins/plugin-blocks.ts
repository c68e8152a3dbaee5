import { Kind, type TObject } from '@sinclair/typebox';
import {
  BLOCK_CATEGORIES,
  type Block,
  type BlockDefinition,
  blockRegistry,
  dormantBlockDefinition,
  eachBlock,
  ICON_NAMES,
  pluginAreaOf,
  pluginBlockDefinition,
} from '@tessera/blocks';
import { type PluginBlockDefinition, unsafeHtml } from '@tessera/plugin';
import { visitorContext } from '../operation/operation-context.js';
import type { Runtime } from '../runtime.js';
import type { Site } from '../sites/site.js';
import { CACHED_FORM_TOKEN_MS, FORM_TOKEN_FIELD, publicFormsOf } from '../visitors/form-guard.js';

/** A plugin's block type as the host keeps it: what it declared, and the registry's definition of it. */
export interface StagedBlock {
  plugin: string;
  declared: PluginBlockDefinition;
  definition: BlockDefinition;
}

const NAME = /^[a-z][a-z0-9_]{0,39}$/;

/** The checks a block type gets in setup: everything it names, so a bad one fails the plugin whole. */
export function stagedBlock(plugin: string, area: string, declared: PluginBlockDefinition): StagedBlock {
  const {
    type,
    category,
    icon,
    props,
    children = 'none',
    render,
  } = declared ?? ({} as PluginBlockDefinition);
  const [prefix, name] = String(type).split('.');
  if (prefix !== area || !NAME.test(name ?? '') || String(type).split('.').length !== 2)
    throw new Error(`block type "${String(type)}" must be "${area}.<name>" (a-z, 0-9 and _)`);
  if (!(BLOCK_CATEGORIES as readonly string[]).includes(category))
    throw new Error(`block ${type}: category must be one of ${BLOCK_CATEGORIES.join(', ')}`);
  if (!(ICON_NAMES as readonly string[]).includes(icon))
    throw new Error(
      `block ${type}: icon must be one of the block icon set (${ICON_NAMES.slice(0, 6).join(', ')}...)`,
    );
  if (!props || (props as TObject)[Kind] !== 'Object')
    throw new Error(`block ${type}: props must be a TypeBox object`);
  if (children !== 'none' && children !== 'any' && !Array.isArray(children))
    throw new Error(`block ${type}: children must be 'none', 'any' or a list of block types`);
  if (typeof render !== 'function') throw new Error(`block ${type}: render must be a function`);
  if (typeof declared.label !== 'string' || declared.label.trim() === '')
    throw new Error(`block ${type}: label is required`);
  const definition = pluginBlockDefinition({
    type,
    category,
    label: declared.label,
    icon,
    props,
    children: children === 'none' || children === 'any' ? children : [...children],
  });
  return { plugin, declared, definition };
}

/**
 * The block types a site's trees are checked against: the core's, those of the plugins active on
 * it, and, for a plugin type that is not (deactivated, uninstalled), a definition that keeps the
 * block's data unchecked and renders nothing.
 */
export class SiteBlockRegistry extends Map<string, BlockDefinition> {
  constructor(active: readonly StagedBlock[]) {
    super(active.map((block) => [block.declared.type, block.definition]));
  }

  override get(type: string): BlockDefinition | undefined {
    return (
      super.get(type) ??
      blockRegistry.get(type) ??
      (pluginAreaOf(type) === null ? undefined : dormantBlockDefinition(type))
    );
  }
}

/**
 * Renders the plugin blocks of a tree (its own and its children's) before the page renders, each by
 * its plugin, as a visitor of the site. A block whose props do not check, or whose render throws,
 * shows nothing and is logged: one plugin never breaks a page.
 */
export async function renderPluginBlocks(
  runtime: Runtime,
  site: Site,
  active: ReadonlyMap<string, StagedBlock>,
  tree: readonly Block[],
  options: { locale: string; canvas: boolean },
): Promise<{ html: Map<string, string>; plugins: Set<string>; expiresAt: number | null }> {
  const html = new Map<string, string>();
  const plugins = new Set<string>();
  let expiresAt: number | null = null;
  const found: Array<{ block: Block; staged: StagedBlock }> = [];
  eachBlock(tree, (block) => {
    const staged = active.get(block.type);
    if (staged) found.push({ block, staged });
  });
  if (found.length === 0) return { html, plugins, expiresAt };
  const operation = visitorContext(runtime, site);
  const formField = (form: string) => {
    // The token lasts two hours: the page carrying it is kept one at most, so a visitor served it
    // from the cache always has an hour or more to fill the form in.
    expiresAt ??= Date.now() + CACHED_FORM_TOKEN_MS;
    return unsafeHtml(
      `<input type="hidden" name="${FORM_TOKEN_FIELD}" value="${publicFormsOf(runtime).token(site, form)}">`,
    );
  };
  for (const { block, staged } of found) {
    plugins.add(staged.plugin);
    try {
      const out = await staged.declared.render(block.props as never, {
        operation,
        locale: options.locale,
        blockId: block.id,
        canvas: options.canvas,
        formField,
      });
      html.set(block.id, String(out));
    } catch (error) {
      runtime.log.error(
        { err: error, plugin: staged.plugin, block: block.type },
        `block ${block.type} failed to render`,
      );
    }
  }
  return { html, plugins, expiresAt };
}
