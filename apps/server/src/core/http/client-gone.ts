import type { FastifyReply } from 'fastify';

/**
 * A signal aborted when the client goes away before its answer is sent, for work worth dropping
 * once nobody will read its result (an upload's image encoding). The response's `close` tells it:
 * it comes when the answer is finished or when the connection is lost before that, and only the
 * second leaves the response unfinished. The request's own `close` is no use: it also comes as soon
 * as the body has been read.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  const gone = () => {
    if (!response.writableFinished) controller.abort();
  };
  if (response.closed) gone();
  else response.once('close', gone);
  return controller.signal;
}
