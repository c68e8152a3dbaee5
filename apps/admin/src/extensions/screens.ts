import type { ScreenEntry } from './registry.js';

/**
 * The screen of `plugin` at `rest` (the address after /plugins/<plugin>/): the one whose path is
 * the address, or the longest that starts it (`orders` at `orders/12`, which it gets as `subpath`).
 */
export function screenAt(
  screens: readonly ScreenEntry[],
  plugin: string,
  rest: string,
): { screen: ScreenEntry; subpath: string } | null {
  const path = rest.replace(/\/+$/, '');
  let best: ScreenEntry | null = null;
  for (const screen of screens) {
    if (screen.plugin !== plugin) continue;
    const matches = path === screen.path || path.startsWith(`${screen.path}/`);
    if (matches && (!best || screen.path.length > best.path.length)) best = screen;
  }
  return best ? { screen: best, subpath: path.slice(best.path.length + 1) } : null;
}

/** Where a screen is: /plugins/<plugin>/<path>. */
export const screenPath = (screen: Pick<ScreenEntry, 'plugin' | 'path'>) =>
  `/plugins/${screen.plugin}/${screen.path}`;
