import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Liveness probes answer 200 or 503 by design and can fail no other way. */
const probes = new Set(['#/paths/~1healthz/get/responses', '#/paths/~1readyz/get/responses']);

/**
 * Spec 4.2 fixes both /api/media/folders and /api/media/{id}/optimize, so a folder's own path,
 * /api/media/folders/{id}, has the shape of /api/media/{id}/usage. The router takes the literal
 * segment first and ids are integers, so each request resolves one way.
 */
const mediaFolderPaths = (problem: LintProblem) =>
  problem.ruleId === 'no-ambiguous-paths' && problem.message.includes('`/api/media/folders/{id}`');

interface LintProblem {
  ruleId: string;
  message: string;
  location: Array<{ pointer: string }>;
}

it('the generated OpenAPI document passes redocly lint', async () => {
  const file = join(t.database.dataDir, 'openapi.json');
  writeFileSync(file, (await t.app.inject({ url: '/api/openapi.json' })).body);
  const redocly = join(root, 'node_modules/.bin/redocly');
  const args = ['lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'json'];
  // redocly exits 1 when it finds errors; its JSON report on stdout is what we judge.
  const stdout = await promisify(execFile)(redocly, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 }).then(
    (result) => result.stdout,
    (error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout) throw new Error(`redocly did not run: ${error.stderr}`);
      return error.stdout;
    },
  );
  const report = JSON.parse(stdout) as { problems: LintProblem[] };
  const problems = report.problems
    .filter(
      (problem) =>
        !(problem.ruleId === 'operation-4xx-response' && probes.has(problem.location[0]?.pointer ?? '')) &&
        !mediaFolderPaths(problem),
    )
    .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
  expect(problems).toEqual([]);
}, 60_000);

it('every operation names its permission and rate-limit group', async () => {
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  const operations = Object.values(
    doc.paths as Record<string, Record<string, Record<string, unknown>>>,
  ).flatMap((item) => Object.values(item));
  expect(operations.length).toBeGreaterThan(30);
  for (const operation of operations) {
    expect(operation['x-permission'], String(operation.operationId)).toBeTypeOf('string');
    expect(['general', 'upload', 'search', 'comments', 'none']).toContain(operation['x-rate-limit-group']);
  }
});

it('documents parameters with a default as optional: page and limit of every list and of search', async () => {
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  const parametersOf = (path: string) =>
    (doc.paths[path].get.parameters as Array<{ name: string; in: string; required?: boolean }>).filter(
      (parameter) => parameter.in === 'query',
    );
  for (const path of ['/api/search', '/api/posts', '/api/media', '/api/users']) {
    const paging = parametersOf(path).filter((parameter) => ['page', 'limit'].includes(parameter.name));
    expect(paging, path).toHaveLength(2);
    for (const parameter of paging)
      expect(parameter.required ?? false, `${path} ${parameter.name}`).toBe(false);
  }
  // What has no default stays required: search's q.
  expect(parametersOf('/api/search').find((parameter) => parameter.name === 'q')?.required).toBe(true);
});
