import type { ApiError } from '../api.js';

/** The three parts of a mail's template, in the order the editor shows them. */
export const PARTS = ['subject', 'html', 'text'] as const;
export type Part = (typeof PARTS)[number];
export type MailParts = Record<Part, string>;

/** What the server refused, by part (`errors.html: ['Line 3: ...']`), and what names no part. */
export interface PartProblems {
  byPart: Partial<Record<Part, string[]>>;
  other: string[];
}

export function partProblems(error: ApiError | null): PartProblems {
  const problems: PartProblems = { byPart: {}, other: [] };
  if (!error) return problems;
  for (const [field, messages] of Object.entries(error.errors)) {
    const part = PARTS.find((each) => each === field);
    if (part) problems.byPart[part] = messages;
    else problems.other.push(...messages);
  }
  // A refusal of no field at all (a 403, a lost connection) is said as the envelope's message.
  if (Object.keys(error.errors).length === 0) problems.other.push(error.message);
  return problems;
}

/**
 * The lines the server's messages name, to mark them in the editor: each message starts with its
 * line (`Line 3: ...`, `Ligne 3 : ...`, in the interface's language), a number before the first colon.
 */
export function problemLines(messages: readonly string[] | undefined): number[] {
  const lines = (messages ?? []).flatMap((message) => {
    const found = /^[^\d:]*(\d+)\s*:/.exec(message);
    return found ? [Number(found[1])] : [];
  });
  return [...new Set(lines)].sort((a, b) => a - b);
}

/** Whether the draft differs from the template as saved. */
export function changed(draft: MailParts, saved: MailParts): boolean {
  return PARTS.some((part) => draft[part] !== saved[part]);
}
