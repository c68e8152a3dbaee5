import { describe, expect, it } from 'vitest';
import { checkDefinitions } from './check-definitions.js';

const keysOf = (errors: Record<string, string[]>) => Object.keys(errors).sort();

describe('checkDefinitions', () => {
  it('accepts a sound definition of every type', () => {
    expect(
      checkDefinitions([
        { key: 'a', label: 'A', type: 'text', max_length: 10, pattern: '[a-z]+' },
        {
          key: 'b',
          label: 'B',
          type: 'select',
          choices: [{ value: 'x', label: 'X' }],
          multiple: true,
          max_items: 1,
        },
        { key: 'c', label: 'C', type: 'number', min: 0, max: 5, default: 2 },
        { key: 'd', label: 'D', type: 'relation', target_type: 'post', cardinality: 'many' },
        {
          key: 'e',
          label: 'E',
          type: 'repeater',
          fields: [{ key: 'f', label: 'F', type: 'date', min: '2020-01-01' }],
        },
      ]),
    ).toEqual({});
  });

  it('names each fault by its path', () => {
    const errors = checkDefinitions([
      { key: 'a', label: 'A', type: 'text', choices: [{ value: 'x', label: 'X' }] },
      { key: 'a', label: 'A2', type: 'number', min: 5, max: 1 },
      { key: 'b', label: 'B', type: 'select' },
      {
        key: 'c',
        label: 'C',
        type: 'radio',
        choices: [
          { value: 'x', label: 'X' },
          { value: 'x', label: 'Y' },
        ],
      },
      { key: 'd', label: 'D', type: 'text', pattern: '(a+)\\1' },
      { key: 'e', label: 'E', type: 'number', default: 'seven' },
      { key: 'f', label: 'F', type: 'relation' },
      { key: 'g', label: 'G', type: 'repeater', fields: [{ key: 'h', label: 'H', type: 'nope' }] },
      { key: 'Bad Key', label: 'X', type: 'text' },
    ]);
    expect(keysOf(errors)).toEqual(
      [
        'fields[0].choices',
        'fields[1].key',
        'fields[1].min',
        'fields[2].choices',
        'fields[3].choices',
        'fields[4].pattern',
        'fields[5].default',
        'fields[6].target_type',
        'fields[7].fields[0].type',
        'fields[8].key',
      ].sort(),
    );
  });

  it('limits how deep repeaters nest', () => {
    const nest = (depth: number): Record<string, unknown> =>
      depth === 0
        ? { key: 'leaf', label: 'Leaf', type: 'text' }
        : { key: `r${depth}`, label: 'R', type: 'repeater', fields: [nest(depth - 1)] };
    expect(checkDefinitions([nest(3)])).toEqual({});
    expect(Object.keys(checkDefinitions([nest(4)]))).toHaveLength(1);
  });
});
