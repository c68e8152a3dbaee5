// The bare Node baseline: answers every request with one fixed response, the bytes Tessera sent
// for the scenario (its status, its headers and its body), so the ratio compares Tessera with the
// least work a Node server can do to send them. Reads BASELINE_BODY_FILE, BASELINE_HEADERS (JSON:
// the headers Tessera sent, but those Node writes itself) and BASELINE_STATUS; prints its port.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BASELINE_BODY_FILE ?? '/dev/null');
const status = Number(process.env.BASELINE_STATUS ?? 200);
const headers = {
  'content-type': 'application/octet-stream',
  ...JSON.parse(process.env.BASELINE_HEADERS || '{}'),
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
