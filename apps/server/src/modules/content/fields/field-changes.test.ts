import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './definition.js';
import { planFieldChange } from './field-changes.js';

const text = (key: string): FieldDefinition => ({ key, label: key, type: 'text' });

describe('planFieldChange', () => {
  const entries = [{ a: 'x', b: 'y' }, { a: 'z' }];

  it('moves values of a renamed key', () => {
    const plan = planFieldChange([text('a'), text('b')], [text('alpha'), text('b')], {
      renames: { a: 'alpha' },
      confirmDataLoss: false,
      entries,
    });
    expect(plan.ok && plan.migrate?.({ a: 'x', b: 'y' })).toEqual({ alpha: 'x', b: 'y' });
  });

  it('refuses to drop stored values unless confirmed', () => {
    const refused = planFieldChange([text('a'), text('b')], [text('a')], {
      renames: {},
      confirmDataLoss: false,
      entries,
    });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && Object.keys(refused.errors)).toEqual(['fields.b']);
    const confirmed = planFieldChange([text('a'), text('b')], [text('a')], {
      renames: {},
      confirmDataLoss: true,
      entries,
    });
    expect(confirmed.ok && confirmed.migrate?.({ a: 'x', b: 'y' })).toEqual({ a: 'x' });
  });

  it('lets an empty field go, and refuses a type change of a field with values', () => {
    expect(
      planFieldChange([text('a'), text('c')], [text('a')], { renames: {}, confirmDataLoss: false, entries })
        .ok,
    ).toBe(true);
    const retyped = planFieldChange([text('a')], [{ key: 'a', label: 'a', type: 'number' }], {
      renames: {},
      confirmDataLoss: false,
      entries,
    });
    expect(retyped.ok).toBe(false);
  });

  it('checks the renames against the fields', () => {
    const plan = planFieldChange([text('a')], [text('b')], {
      renames: { x: 'b' },
      confirmDataLoss: false,
      entries,
    });
    expect(!plan.ok && Object.keys(plan.errors)).toEqual(['renames.x']);
  });
});
