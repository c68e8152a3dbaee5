import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from './schema-compilers.js';

const AJV = { customOptions: { allErrors: true, coerceTypes: 'array' as const } };
type Compile = (route: { schema: unknown; httpPart?: string; httpStatus?: string }) => unknown;
const validators = (options = AJV) => sharedSchemaCompilers.buildValidator?.({}, options as never) as Compile;
const serializers = () => sharedSchemaCompilers.buildSerializer?.({}, {}) as Compile;
const entry = () => Type.Object({ title: Type.String({ minLength: 1 }), count: Type.Integer() });

describe('the schema compilers shared by the apps of one process', () => {
  it('compile a schema once, whichever app or object it comes from', () => {
    const first = validators()({ schema: entry(), httpPart: 'body' });
    expect(validators()({ schema: entry(), httpPart: 'body' })).toBe(first);
    expect(serializers()({ schema: entry(), httpStatus: '200' })).toBe(serializers()({ schema: entry() }));
  });

  it('keep apart what compiles differently: another schema, other options, request or response', () => {
    const first = validators()({ schema: entry() });
    expect(validators()({ schema: Type.Object({ title: Type.String() }) })).not.toBe(first);
    expect(
      validators({ customOptions: { allErrors: false, coerceTypes: 'array' } })({ schema: entry() }),
    ).not.toBe(first);
    expect(serializers()({ schema: entry() })).not.toBe(first);
  });

  it("validate and write as Fastify's defaults do, in two apps", async () => {
    for (let app = 0; app < 2; app++) {
      const server = Fastify({ schemaController: { compilersFactory: sharedSchemaCompilers }, ajv: AJV });
      server.post(
        '/entries',
        { schema: { body: entry(), response: { 200: Type.Object({ title: Type.String() }) } } },
        async (request) => ({ ...(request.body as object), secret: 'not written' }),
      );
      const good = await server.inject({
        method: 'POST',
        url: '/entries',
        payload: { title: 'A', count: '2' },
      });
      expect(good.json()).toEqual({ title: 'A' });
      const bad = await server.inject({
        method: 'POST',
        url: '/entries',
        payload: { title: '', count: 'x' },
      });
      expect(bad.statusCode).toBe(400);
      // allErrors: both fields are named.
      expect(bad.json().message).toMatch(/title.*count|count.*title/);
      await server.close();
    }
  });
});
