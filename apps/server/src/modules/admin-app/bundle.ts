import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a browser downloads of the admin's JavaScript before the sign-in page and the dashboard
 * show, gzipped as a server would send them (the budget: 250 KB): the scripts index.html
 * loads and preloads, the dashboard's chunk and the interface language's words (English, the
 * larger case is checked by the caller), each with every chunk they import statically.
 */
export function initialScriptBytes(dist: string): { files: string[]; gzipped: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  const startedLater = readdirSync(join(dist, 'assets'))
    .filter((name) => /^(DashboardPage|en)-[\w-]+\.js$/.test(name))
    .map((name) => `assets/${name}`);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    // Static imports only (`from"./x.js"`, `import"./x.js"`): what `import()` loads comes later.
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) visit(`assets/${match[1]}`);
  };
  for (const file of [...linked, ...startedLater]) visit(file);
  const gzipped = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
  return { files: [...files], gzipped };
}
