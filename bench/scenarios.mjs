// The scenarios `npm run bench` measures, in order. Each is measured against Tessera and against a
// bare Node server answering the same bytes, so the ratio holds on a noisy machine (docs/performance.md).
//
// A scenario: {
//   name,            shown in the table
//   method, path,    the request (sent with `Host: bench.test`, the seeded site)
//   headers?,        extra request headers (a Bearer token, an Accept)
//   body?,           request body, a string
//   measures?,       the key of the docs/performance.md target it is judged by (bench/targets.mjs),
//                    which gives its ratio and p99 targets; none: measured, not judged
//   target?, p99Ms?, a ratio and a p99 in ms of its own, for a scenario no document target covers
//   setup?,          async ({ tessera, dataDir, env, request, cli, adminEmail }) => void | { headers?, path? }: prepares
//                    data before the run (through the API or the CLI) and may add headers or change
//                    the path, e.g. a token it created. `request(method, path, { headers, body })`
//                    answers { status, headers, body } from Tessera; `cli(args)` runs a tessera command
//                    (the site is installed with `adminEmail` as its Super Admin) and answers its output.
// }
//
// Later issues append their scenarios here.

/** @type {Array<{ name: string, method: string, path: string, headers?: Record<string, string>, body?: string, measures?: string, target?: number, p99Ms?: number, setup?: (context: object) => Promise<void | { headers?: Record<string, string>, path?: string }> }>} */
export const scenarios = [
  { name: 'GET /healthz', method: 'GET', path: '/healthz' },
  // Enveloped, through site resolution and the rate limiter: the fixed cost of every API request.
  { name: 'GET /api/site', method: 'GET', path: '/api/site' },
  // The same endpoint with an API token: the difference is the cost of authentication (token hash
  // lookup, the user's standing on the site, the token's permissions).
  {
    name: 'GET /api/site with a token',
    method: 'GET',
    path: '/api/site',
    setup: async ({ cli, adminEmail }) => {
      const token = (await cli(['token:create', '--email', adminEmail, '--name', 'bench']))
        .trim()
        .split('\n')
        .pop();
      return { headers: { authorization: `Bearer ${token}` } };
    },
  },
  // A permission-checked endpoint answering from the identity tables.
  {
    name: 'GET /api/me with a token',
    method: 'GET',
    path: '/api/me',
    setup: async ({ cli, adminEmail }) => {
      const token = (await cli(['token:create', '--email', adminEmail, '--name', 'bench-me']))
        .trim()
        .split('\n')
        .pop();
      return { headers: { authorization: `Bearer ${token}` } };
    },
  },
];
