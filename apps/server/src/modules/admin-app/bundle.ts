import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a browser downloads of the admin's JavaScript before the sign-in page and the dashboard
 * show: the scripts index.html loads and preloads, and the dashboard's own chunk, gzipped as a
 * server would send them (the budget: 250 KB).
 */
export function initialScriptBytes(dist: string): { files: string[]; gzipped: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  const dashboard = readdirSync(join(dist, 'assets'))
    .filter((name) => name.startsWith('DashboardPage-') && name.endsWith('.js'))
    .map((name) => `assets/${name}`);
  const files = [...new Set([...linked, ...dashboard])];
  const gzipped = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
  return { files, gzipped };
}
