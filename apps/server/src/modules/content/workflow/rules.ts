import type { Access } from '../../../core/access/access.js';
import type { EntryStatus } from '../entries/entry.js';

/**
 * The publication workflow of spec 3.1 as data: each transition, the states it leaves from, the
 * state it leads to and what the actor needs. `area` is the type's permission area (posts, pages,
 * product), and ownable permissions are checked against the entry's author.
 */
export const TRANSITIONS = {
  submit: { from: ['draft'], to: 'in_review', needs: 'edit' },
  approve: { from: ['in_review'], to: 'approved', needs: 'review' },
  request_changes: { from: ['in_review', 'approved'], to: 'draft', needs: 'review' },
  publish: { from: ['draft', 'in_review', 'approved', 'published'], to: 'published', needs: 'publish' },
  schedule: { from: ['draft', 'in_review', 'approved', 'scheduled'], to: 'scheduled', needs: 'publish' },
  unschedule: { from: ['scheduled'], to: 'draft', needs: 'publish' },
  unpublish: { from: ['published'], to: 'draft', needs: 'publish' },
} as const satisfies Record<string, { from: readonly EntryStatus[]; to: EntryStatus; needs: string }>;

export type TransitionName = keyof typeof TRANSITIONS;
export const TRANSITION_NAMES = Object.keys(TRANSITIONS) as TransitionName[];

export interface WorkflowSubject {
  status: EntryStatus;
  author_id: number | null;
  deleted_at: string | null;
  /** Publishing a published entry only makes sense when its working copy changed. */
  hasUnpublishedChanges: boolean;
}

/** Whether the actor holds what a transition needs, on this entry. */
export function mayTake(
  access: Access,
  area: string,
  name: TransitionName,
  authorId: number | null,
): boolean {
  const needs = TRANSITIONS[name].needs;
  if (needs === 'review') return access.allows('content.review');
  return access.allowsOn(`${area}.${needs}`, authorId);
}

/** Transitions that leave from the entry's state, whoever asks. */
export function transitionsFrom(entry: WorkflowSubject): TransitionName[] {
  if (entry.deleted_at !== null) return [];
  return TRANSITION_NAMES.filter((name) => {
    if (!(TRANSITIONS[name].from as readonly EntryStatus[]).includes(entry.status)) return false;
    if (name === 'publish' && entry.status === 'published') return entry.hasUnpublishedChanges;
    return true;
  });
}

/** The transitions the actor may take now, for the entry's view. */
export function allowedTransitions(entry: WorkflowSubject, access: Access, area: string): TransitionName[] {
  return transitionsFrom(entry).filter((name) => mayTake(access, area, name, entry.author_id));
}
