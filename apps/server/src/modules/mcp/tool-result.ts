import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RestAnswer } from './relay.js';

/**
 * A REST answer as a tool result. Success: `data` (and `meta`) as JSON text and as structured
 * content. Failure: `isError` with the envelope's status, code, message and per-field messages, so
 * an agent reads the same 422 a person would and can correct the value it sent.
 */
export function toolResultOf(answer: RestAnswer): CallToolResult {
  const body = answer.body ?? {};
  if (answer.status < 400) {
    const structured: Record<string, unknown> = { data: body.data ?? null };
    if (body.meta !== undefined && Object.keys(body.meta as object).length > 0) structured.meta = body.meta;
    return {
      content: [{ type: 'text', text: JSON.stringify(structured, null, 1) }],
      structuredContent: structured,
    };
  }
  return refusal(answer.status, String(body.code ?? 'error'), String(body.message ?? 'The request failed.'), {
    ...((body.errors as Record<string, string[]> | undefined) ?? {}),
  });
}

/** A tool error in the envelope's terms, for failures found before or without a REST request. */
export function refusal(
  status: number,
  code: string,
  message: string,
  errors: Record<string, string[]> = {},
): CallToolResult {
  const lines = [`${status} ${code}: ${message}`];
  for (const [field, messages] of Object.entries(errors)) lines.push(`${field}: ${messages.join(' ')}`);
  return {
    isError: true,
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: { status, code, message, errors },
  };
}
