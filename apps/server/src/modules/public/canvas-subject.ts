import { NotFound, ValidationFailed } from '../../core/errors.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import { contentOf } from '../content/content.js';
import type { PathAnswer } from '../content/published/service.js';
import { sectionsOf } from '../navigation/module.js';
import type { SectionArea } from '../navigation/tables.js';
import { patternsOf } from '../patterns/module.js';

/** What the builder's canvas renders: a page (any entry) being edited, a pattern, the header or footer. */
export type CanvasSubject =
  | { kind: 'entry'; id: number }
  | { kind: 'pattern'; id: number }
  | { kind: 'section'; area: SectionArea };

/** How a canvas request names its subject: exactly one of the three. */
export interface CanvasSubjectFields {
  entry_id?: number;
  pattern_id?: number;
  section?: SectionArea;
}

const SUBJECT_FIELDS = ['entry_id', 'pattern_id', 'section'] as const;

/** The subject a canvas request names; 422 on each of the fields when it names none or several. */
export function canvasSubject(body: CanvasSubjectFields): CanvasSubject {
  const named = SUBJECT_FIELDS.filter((field) => body[field] !== undefined);
  const refuse = (fields: readonly string[], message: string) =>
    new ValidationFailed(Object.fromEntries(fields.map((field) => [field, [message]])));
  if (named.length > 1) throw refuse(named, 'Name one thing for the canvas to render, not several.');
  if (body.entry_id !== undefined) return { kind: 'entry', id: body.entry_id };
  if (body.pattern_id !== undefined) return { kind: 'pattern', id: body.pattern_id };
  if (body.section !== undefined) return { kind: 'section', area: body.section };
  throw refuse(SUBJECT_FIELDS, 'Name what the canvas renders: entry_id, pattern_id or section.');
}

/**
 * The canvas answers only those who may edit what it renders, by the checks its save makes: an
 * entry by its type's `edit` (`edit_others` for another's), a pattern by patterns.manage, the header
 * and footer by widgets.manage. Rendering costs queries for every list in the tree, so being signed
 * in is not enough (403 `permission_denied`); a subject that is not there is a 404.
 *
 * Returns the entry being edited, its working copy, for the breadcrumb trail.
 */
export async function requireCanvasEditor(
  runtime: Runtime,
  ctx: OperationContext,
  subject: CanvasSubject,
): Promise<Extract<PathAnswer, { kind: 'entry' }> | null> {
  if (subject.kind === 'pattern') {
    await patternsOf(runtime).requireEditable(ctx, subject.id);
    return null;
  }
  if (subject.kind === 'section') {
    sectionsOf(runtime).requireEditable(ctx);
    return null;
  }
  const content = contentOf(runtime);
  const entry = await content.published.workingCopy(ctx.site, subject.id);
  if (!entry) throw new NotFound('Entry', 'entry_not_found');
  await content.entries.requireEditable(ctx, entry.type.slug, entry.row.id);
  return entry;
}
