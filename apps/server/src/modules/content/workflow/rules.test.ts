import { describe, expect, it } from 'vitest';
import { Access } from '../../../core/access/access.js';
import { PermissionCatalogue } from '../../../core/access/permission-catalogue.js';
import { allowedTransitions, transitionsFrom } from './rules.js';

const catalogue = new PermissionCatalogue();
catalogue.register('posts.edit', 'e', { ownable: { othersDescription: 'eo' } });
catalogue.register('posts.publish', 'p', { ownable: { othersDescription: 'po' } });
catalogue.register('content.review', 'r');
const access = (...granted: string[]) => new Access(5, false, new Set(granted), catalogue);
const entry = (status: 'draft' | 'in_review' | 'approved' | 'scheduled' | 'published', authorId = 5) => ({
  status,
  author_id: authorId,
  deleted_at: null,
  hasUnpublishedChanges: false,
});

describe('workflow rules', () => {
  it('opens transitions by state', () => {
    expect(transitionsFrom(entry('draft'))).toEqual(['submit', 'publish', 'schedule']);
    expect(transitionsFrom(entry('in_review'))).toEqual([
      'approve',
      'request_changes',
      'publish',
      'schedule',
    ]);
    expect(transitionsFrom(entry('published'))).toEqual(['unpublish']);
    expect(transitionsFrom({ ...entry('published'), hasUnpublishedChanges: true })).toEqual([
      'publish',
      'unpublish',
    ]);
    expect(transitionsFrom({ ...entry('draft'), deleted_at: '2026-01-01T00:00:00Z' })).toEqual([]);
  });

  it('filters by permission, on own and others entries', () => {
    expect(allowedTransitions(entry('draft'), access('posts.edit'), 'posts')).toEqual(['submit']);
    expect(allowedTransitions(entry('draft', 9), access('posts.edit', 'posts.publish'), 'posts')).toEqual([]);
    expect(allowedTransitions(entry('in_review', 9), access('content.review'), 'posts')).toEqual([
      'approve',
      'request_changes',
    ]);
  });
});
