import { describe, expect, it } from 'vitest';
import { fieldsSchema } from './field-schema.js';

describe('the JSON Schema of a type’s fields', () => {
  it('says types, required keys, choices, bounds and lists as the definitions do', () => {
    const schema = fieldsSchema([
      { key: 'price', label: 'Price', type: 'number', required: true, integer: true, min: 0 },
      {
        key: 'size',
        label: 'Size',
        type: 'select',
        multiple: true,
        max_items: 2,
        choices: [{ value: 's', label: 'S' }],
      },
      {
        key: 'code',
        label: 'Code',
        type: 'text',
        pattern: '[A-Z]{3}',
        max_length: 3,
        help_text: 'Three letters',
      },
      { key: 'maker', label: 'Maker', type: 'relation', target_type: 'brand' },
      {
        key: 'steps',
        label: 'Steps',
        type: 'repeater',
        fields: [{ key: 'text', label: 'Text', type: 'textarea', required: true }],
      },
      { key: 'extra', label: 'Extra', type: 'json' },
    ]);
    expect(schema).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['price'],
      properties: {
        price: { type: 'integer', minimum: 0, description: 'Price' },
        size: { type: 'array', items: { type: 'string', enum: ['s'] }, maxItems: 2, description: 'Size' },
        code: { type: 'string', maxLength: 3, pattern: '^(?:[A-Z]{3})$', description: 'Code. Three letters' },
        maker: { type: 'integer', minimum: 1, description: 'Maker. The id of a brand entry' },
        steps: {
          type: 'array',
          description: 'Steps',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['text'],
            properties: { text: { type: 'string', description: 'Text' } },
          },
        },
        extra: { description: 'Extra' },
      },
    });
  });
});
