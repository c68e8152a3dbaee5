// The bare Node baseline: answers every request with one fixed response, the bytes Tessera sent
// for the scenario (its status, its headers and its body), so the ratio compares Tessera with the
// least work a Node server can do to send them. Reads BASELINE_BODY_FILE, BASELINE_HEADERS (JSON:
// the headers Tessera sent, but those Node writes itself) and BASELINE_STATUS; prints its port.
// BASELINE_BODY_ONLY=1 keeps of those headers the content type alone (Node adds the length, date
// and connection as for any answer): the body-only server the peers in docs/performance.md were
// measured against, so a ratio by their method shows what Tessera's other headers cost a client.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BASELINE_BODY_FILE ?? '/dev/null');
const status = Number(process.env.BASELINE_STATUS ?? 200);
const sent = JSON.parse(process.env.BASELINE_HEADERS || '{}');
const headers = {
  'content-type': 'application/octet-stream',
  ...(process.env.BASELINE_BODY_ONLY === '1'
    ? sent['content-type'] && { 'content-type': sent['content-type'] }
    : sent),
  'content-length': body.length,
};

// Node discards an unread request body itself after the response, so this is all a server must do.
const server = createServer((_request, response) => {
  response.writeHead(status, headers);
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
