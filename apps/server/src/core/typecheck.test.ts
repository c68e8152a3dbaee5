import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

// Strict TypeScript over the server, tests and type tests included (site-scoping.test-d.ts
// proves unscoped site queries do not compile).
it('the server type-checks', async () => {
  const tsc = join(root, 'node_modules/.bin/tsc');
  const result = await promisify(execFile)(tsc, ['-p', 'apps/server', '--noEmit'], { cwd: root }).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  expect(result).toBe('');
}, 120_000);
