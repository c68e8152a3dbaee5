import { createHash } from 'node:crypto';
import { BLOCK_SCRIPTS, blockScriptSource } from '@tessera/blocks';

/** A block script as the site serves it: under a name that changes with its content. */
export interface ServedScript {
  name: string;
  path: string;
  source: string;
  /** CSS for browsers without JavaScript, in the page's head inside <noscript>. */
  noscript: string | null;
}

/** Every block script, built once: `/theme/blocks/tabs.<hash>.js`, cached for a year. */
export const blockScripts: ReadonlyMap<string, ServedScript> = new Map(
  Object.entries(BLOCK_SCRIPTS).map(([name, script]) => {
    const source = blockScriptSource(name) ?? '';
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 12);
    return [
      name,
      { name, path: `/theme/blocks/${name}.${hash}.js`, source, noscript: script.noscript ?? null },
    ];
  }),
);
