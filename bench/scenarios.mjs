// The scenarios `npm run bench` measures, in order. Each is measured against Tessera and against a
// bare Node server answering the same bytes, so the ratio holds on a noisy machine (PERFORMANCE.md).
//
// A scenario: {
//   name,            shown in the table
//   method, path,    the request (sent with `Host: bench.test`, the seeded site)
//   headers?,        extra request headers (a Bearer token, an Accept)
//   body?,           request body, a string
//   target?,         the ratio to bare Node that PERFORMANCE.md asks for; none: measured, not judged
//   p99Ms?,          the p99 latency target in milliseconds, when PERFORMANCE.md sets one
//   setup?,          async ({ tessera, dataDir, env, request }) => void | { headers?, path? }: prepares
//                    data before the run (through the API or the CLI) and may add headers or change
//                    the path, e.g. a token it created. `request(method, path, { headers, body })`
//                    answers { status, headers, body } from Tessera.
// }
//
// Later issues append their scenarios here.

/** @type {Array<{ name: string, method: string, path: string, headers?: Record<string, string>, body?: string, target?: number, p99Ms?: number, setup?: (context: object) => Promise<void | { headers?: Record<string, string>, path?: string }> }>} */
export const scenarios = [
  { name: 'GET /healthz', method: 'GET', path: '/healthz' },
  // Enveloped, through site resolution and the rate limiter: the fixed cost of every API request.
  { name: 'GET /api/site', method: 'GET', path: '/api/site' },
];
