import { isDeepStrictEqual } from 'node:util';

import fastJson from 'fast-json-stringify';
import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How answers are written (ADR 025):
 * - `compiled`: fast-json-stringify, built once per response schema from its JSON Schema; no zod
 *   on the way out (the handlers' data is typed by the same schema at compile time).
 * - `checked` (NODE_ENV=test): zod encodes and validates as before, the compiled serializer writes
 *   too, and an answer whose two outputs parse to different values throws (the test gets a 500),
 *   so a schema the JSON Schema does not express faithfully fails a test instead of a client.
 */
export type ResponseSerializerMode = 'compiled' | 'checked';

type Serialize = (data: unknown) => string;
type Compiled = { serialize: Serialize } | { reason: string };

type JsonSchema = { [key: string]: unknown };

/** The zod types whose encoded output is not the value the handler returned (see `reasonNotToCompile`). */
const CHANGES_THE_VALUE = new Set(['pipe', 'transform', 'catch']);

/**
 * One compiled serializer per zod schema object, shared by every app of the process: the routes
 * reuse the shared schemas (the error body alone is on every route), and tests build many apps.
 */
const compiledBySchema = new WeakMap<z.ZodType, Compiled>();

export class ResponseMismatchError extends Error {}

export function compileResponseSchema(schema: z.ZodType): Compiled {
  let compiled = compiledBySchema.get(schema);
  if (!compiled) {
    compiled = compile(schema);
    compiledBySchema.set(schema, compiled);
  }
  return compiled;
}

function compile(schema: z.ZodType): Compiled {
  const reasons = new Set<string>();
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-07',
      cycles: 'ref',
      reused: 'inline',
      // Dates, custom types and the like become `{}`, which fast-json-stringify writes with
      // JSON.stringify, as the zod serializer does after encoding: the same text.
      unrepresentable: 'any',
      override: ({ zodSchema }) => {
        const why = reasonNotToCompile(zodSchema);
        if (why) reasons.add(why);
      },
    }) as JsonSchema;
  } catch (error) {
    return { reason: `no JSON Schema: ${(error as Error).message}` };
  }
  if (reasons.size > 0) return { reason: [...reasons].join(', ') };
  try {
    const serialize = fastJson(forFastJson(json) as Parameters<typeof fastJson>[0]) as Serialize;
    return { serialize };
  } catch (error) {
    return { reason: `fast-json-stringify refused its JSON Schema: ${(error as Error).message}` };
  }
}

/**
 * A part of the schema that makes zod's encoded output differ from the value itself, which a JSON
 * Schema cannot say: a codec or transform (encoding runs it backwards, or refuses), a `catch`
 * (replaces a wrong value), a check that rewrites the value (`trim`, `toLowerCase`).
 */
function reasonNotToCompile(schema: z.core.$ZodType): string | undefined {
  const def = schema._zod.def as unknown as { type: string; checks?: { _zod: { def: { check: string } } }[] };
  if (CHANGES_THE_VALUE.has(def.type)) return def.type;
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return 'a check that rewrites the value';
  return undefined;
}

/**
 * zod's draft-07 output, with its nullable members in the form fast-json-stringify writes without a
 * validator: `anyOf: [X, {type: 'null'}]` and `type: [T, 'null']` become `nullable: true`. Any other
 * `anyOf`/`oneOf` stays: fast-json-stringify picks the member by validating the value with Ajv, slower
 * but right (and the checked mode compares it with zod's choice).
 */
function forFastJson(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: JsonSchema = { ...(schema as JsonSchema) };
  delete out.$schema;
  for (const key of SUBSCHEMA) {
    if (key in out) out[key] = Array.isArray(out[key]) ? out[key].map(forFastJson) : forFastJson(out[key]);
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = out[key] as JsonSchema | undefined;
    if (map) out[key] = Object.fromEntries(Object.entries(map).map(([name, s]) => [name, forFastJson(s)]));
  }
  const { anyOf, type } = out;
  if (Array.isArray(type) && type.length === 2 && type.includes('null')) {
    out.type = type.find((t) => t !== 'null');
    out.nullable = true;
  }
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const isNull = (s: JsonSchema) => s.type === 'null' && Object.keys(s).length === 1;
    const members = anyOf as JsonSchema[];
    const other = members.find((s) => !isNull(s));
    if (other && members.some(isNull) && !('$ref' in other) && !('anyOf' in other) && !('oneOf' in other)) {
      delete out.anyOf;
      return { ...out, ...other, nullable: true };
    }
  }
  return out;
}

/** The keywords of draft-07 whose value is a schema or a list of schemas, and those holding a map of them. */
const SUBSCHEMA = [
  'items',
  'additionalItems',
  'additionalProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'anyOf',
  'oneOf',
  'allOf',
] as const;
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs'] as const;

/** `schema` as Fastify hands it to a serializer compiler: the zod schema, or `{ properties }` around it. */
function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  return inner instanceof z.ZodType ? inner : undefined;
}

/**
 * The serializer compiler for every route's response schemas. Fastify calls it once per route and
 * status when the app starts; a schema that cannot be compiled faithfully keeps zod's serializer,
 * and the route is logged once then.
 */
export function createResponseSerializerCompiler(opts: {
  mode: ResponseSerializerMode;
  log: FastifyBaseLogger;
  /** Receives `GET /url 200` for each route and status kept on zod (test/response-schemas.test.ts reads it). */
  keptOnZod?: string[];
}): FastifySerializerCompiler<unknown> {
  return (routeSchema) => {
    const zodSerialize = zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = zodSchemaOf(routeSchema.schema);
    if (!schema) return zodSerialize;
    const compiled = compileResponseSchema(schema);
    const route = `${routeSchema.method} ${routeSchema.url} ${routeSchema.httpStatus}`;
    if ('reason' in compiled) {
      // HEAD answers as GET does: one line for the pair.
      if (routeSchema.method !== 'HEAD') {
        opts.log.info({ route, reason: compiled.reason }, 'response serialized by zod: no faithful JSON Schema');
        opts.keptOnZod?.push(route);
      }
      return zodSerialize;
    }
    if (opts.mode === 'compiled') return compiled.serialize;
    return (data: unknown) => checkedSerialize(route, data, zodSerialize, compiled.serialize);
  };
}

/** Both serializers: zod's answer validates (its error as before), the compiled one must say the same. */
export function checkedSerialize(route: string, data: unknown, zodSerialize: Serialize, fast: Serialize): string {
  const expected = zodSerialize(data);
  let written: string;
  try {
    written = fast(data);
  } catch (error) {
    throw new ResponseMismatchError(`${route}: the compiled serializer threw where zod did not`, { cause: error });
  }
  if (written !== expected && !isDeepStrictEqual(parseOrUndefined(written), JSON.parse(expected))) {
    throw new ResponseMismatchError(
      `${route}: the compiled serializer wrote ${written.slice(0, 2000)} where zod wrote ${expected.slice(0, 2000)}`,
    );
  }
  // The compiled text, so the tests read what production sends.
  return written;
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
