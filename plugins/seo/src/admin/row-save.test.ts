import { AdminApiError } from '@tessera/plugin/admin';
import { describe, expect, it } from 'vitest';
import { failureOf, saveBody, storedValues } from './row-save.js';

describe('a row of the bulk editor', () => {
  const entry = {
    version: 4,
    fields: {
      content: '<p>Body</p>',
      'seo.title': null,
      'seo.description': 'Old',
      'seo.focus_keyphrase': 'tides',
    },
  };

  it('reads an emptied field as empty text', () => {
    expect(storedValues(entry)).toEqual({ title: '', description: 'Old' });
  });

  it('sends every field back as loaded, with its version, so the body and other fields are kept', () => {
    expect(saveBody(entry, { title: ' Tides ', description: 'New' })).toEqual({
      version: 4,
      fields: {
        content: '<p>Body</p>',
        'seo.title': 'Tides',
        'seo.description': 'New',
        'seo.focus_keyphrase': 'tides',
      },
    });
  });

  it('tells a conflict, the fields’ messages and other failures apart', () => {
    expect(failureOf(new AdminApiError({ status: 409, message: 'changed', code: 'stale_version' }))).toEqual({
      kind: 'conflict',
    });
    expect(
      failureOf(
        new AdminApiError({
          status: 422,
          message: 'Invalid',
          errors: { 'fields.seo.title': ['Too long'], 'fields.content': ['Broken'] },
        }),
      ),
    ).toEqual({ kind: 'invalid', title: 'Too long', description: null, others: ['Broken'] });
    expect(failureOf(new AdminApiError({ status: 422, message: 'Invalid' }))).toEqual({
      kind: 'invalid',
      title: null,
      description: null,
      others: ['Invalid'],
    });
    expect(failureOf(new AdminApiError({ status: 423, message: 'Locked by Ada' }))).toEqual({
      kind: 'failed',
      message: 'Locked by Ada',
    });
    expect(failureOf(new Error('offline'))).toEqual({ kind: 'failed', message: 'offline' });
  });
});
