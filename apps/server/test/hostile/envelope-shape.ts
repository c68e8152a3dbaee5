/** What the fuzzer knows of an answer. */
export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Why an answer is outside the API's contract, or null when it is inside: a success is
 * `{ data, meta }` (or no body on 204, or a declared non-JSON type such as the CSV export); an
 * error is `{ message, errors, code, request_id }` with string arrays per field, and at least one
 * field on a 422.
 */
export function envelopeProblem(
  answer: Answer,
  successTypes: readonly string[],
  /** A path of the public site (a feed): a request it does not know gets the theme's 404 page. */
  publicPath = false,
): string | null {
  if (answer.status === 0) return answer.body;
  if (answer.status >= 500) return `server error ${answer.status}`;
  if (publicPath && answer.status === 404 && answer.contentType.startsWith('text/html')) return null;
  const success = answer.status >= 200 && answer.status < 300;
  if (answer.status === 204) return answer.body === '' ? null : '204 with a body';
  const mediaType = answer.contentType.split(';')[0]?.trim() ?? '';
  if (success && mediaType !== 'application/json') {
    return successTypes.includes(mediaType)
      ? null
      : `success as undeclared ${answer.contentType || 'nothing'}`;
  }
  if (mediaType !== 'application/json') return `error as ${answer.contentType || 'no content type'}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return 'body is not JSON';
  }
  if (!isRecord(parsed)) return 'body is not an object';
  if (success) {
    if (!('data' in parsed)) return 'success without data';
    return isRecord(parsed.meta) ? null : 'success without a meta object';
  }
  if (answer.status < 400) return `unexpected status ${answer.status}`;
  const { message, errors, code, request_id: requestId } = parsed;
  if (typeof message !== 'string' || message === '') return 'error without a message';
  if (typeof code !== 'string' || code === '') return 'error without a code';
  if (typeof requestId !== 'string' || requestId === '') return 'error without a request_id';
  if (!isRecord(errors)) return 'error without an errors object';
  for (const [field, messages] of Object.entries(errors)) {
    if (!Array.isArray(messages) || messages.length === 0 || messages.some((m) => typeof m !== 'string'))
      return `errors.${field} is not a list of messages`;
  }
  if (answer.status === 422 && Object.keys(errors).length === 0) return '422 without a field in errors';
  const extra = Object.keys(parsed).filter(
    (key) => !['message', 'errors', 'code', 'request_id'].includes(key),
  );
  return extra.length > 0 ? `error with unexpected keys ${extra.join(', ')}` : null;
}
