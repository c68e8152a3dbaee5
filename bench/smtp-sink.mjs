// An SMTP server on loopback for `npm run bench`: takes every message and counts it, so the
// newsletter scenario measures messages handed to a real SMTP server. Answers go out at once (no
// Nagle delay), as a mail relay on the same machine would send them.
import { SMTPServer } from 'smtp-server';

/** Starts the sink: its URL (pooled, as an operator sending newsletters sets it) and its count. */
export async function startSmtpSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  // The server's clients are Tessera's pooled connections; one closed at shutdown is not a failure.
  server.on('error', () => {});
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.server.prependListener('connection', (socket) => socket.setNoDelay(true));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}?pool=true&maxConnections=8`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
