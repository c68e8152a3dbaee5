import { createHash } from 'node:crypto';
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** Both compilers' shape, loosely: (shared schemas, options) => (route) => what validates or writes. */
type Factory = (externalSchemas: unknown, options: unknown) => (route: { schema: unknown }) => unknown;

/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for responses), whose
 * results every app this process builds shares. An app compiles all its routes' schemas as it
 * starts, about half a second; most of its schemas are built afresh for each app (a route's
 * envelope around its entity), so a second app in the same process (the tests build one per file,
 * often more) would compile the same ones again. What is compiled, and how, stays Fastify's default;
 * only how long it is kept changes. Kept by a hash of the schema with what else decides the result
 * (the shared schemas, the compiler's options), not by the schema itself: the schemas' text is not
 * kept alive.
 */
export const sharedSchemaCompilers: CompilersFactory = {
  buildValidator: shared('request', AjvCompiler() as unknown as Factory, (options) =>
    options && typeof options === 'object' && 'customOptions' in options ? options.customOptions : null,
  ) as CompilersFactory['buildValidator'],
  buildSerializer: shared(
    'response',
    SerializerSelector() as unknown as Factory,
    (options) => options ?? null,
  ) as CompilersFactory['buildSerializer'],
};

const compiled = new Map<string, unknown>();

/** `build`, its results kept by what decides them: the part, the shared schemas, the settings. */
function shared(part: string, build: Factory, settings: (options: unknown) => unknown): Factory {
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    const context = JSON.stringify([part, externalSchemas, settings(options)]);
    return (route) => {
      const key = createHash('sha256')
        .update(context)
        .update(JSON.stringify(route.schema) ?? '')
        .digest('base64');
      const known = compiled.get(key);
      if (known !== undefined) return known;
      const done = compile(route);
      compiled.set(key, done);
      return done;
    };
  };
}
