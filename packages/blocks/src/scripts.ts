import { tabsScript } from './scripts/tabs.js';

/**
 * The scripts of interactive blocks, by name. A block that needs one declares it while rendering
 * (useBlockScript); the site then links it on that page only, so a page of static blocks ships no
 * JavaScript. Each is a self-contained function shipped as its own source, run once the page is
 * parsed. `noscript` is CSS for browsers without JavaScript, so the block stays usable there.
 */
export const BLOCK_SCRIPTS: Readonly<Record<string, { run: () => void; noscript?: string }>> = {
  tabs: { run: tabsScript, noscript: '.tb-tabs [role=tabpanel][hidden]{display:block}' },
};

/** A block script as the file the browser loads. */
export function blockScriptSource(name: string): string | undefined {
  const script = BLOCK_SCRIPTS[name];
  return script ? `(${script.run.toString()})();\n` : undefined;
}
