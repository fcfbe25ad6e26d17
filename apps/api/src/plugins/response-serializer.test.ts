import { bookingResourceSchema } from '@comped/shared/schemas/resources';
import type { FastifyBaseLogger } from 'fastify';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { ResponseSerializerMode } from './response-serializer';
import {
  checkedSerialize,
  compileResponseSchema,
  createResponseSerializerCompiler,
  ResponseMismatchError,
} from './response-serializer';

/** The compiled serializer of a schema, failing the test if it fell back to zod. */
function compiled(schema: z.ZodType): (data: unknown) => string {
  const result = compileResponseSchema(schema);
  if ('reason' in result) throw new Error(`not compiled: ${result.reason}`);
  return result.serialize;
}

const zodText = (schema: z.ZodType, data: unknown) =>
  zodSerializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' })(data);

/** A Fastify app with one route answering `data` under `schema`, its serializers from the compiler under test. */
async function appAnswering(mode: ResponseSerializerMode, schema: z.ZodType, data: unknown) {
  const logged: unknown[] = [];
  const log = { info: (obj: unknown) => logged.push(obj) } as unknown as FastifyBaseLogger;
  const app = Fastify();
  app.setSerializerCompiler(createResponseSerializerCompiler({ mode, log }));
  app.get('/thing', { schema: { response: { 200: schema } } }, async () => data);
  await app.ready();
  const res = await app.inject({ url: '/thing' });
  await app.close();
  return { res, logged };
}

// Both members strip unknown keys (zod) / forbid them (JSON Schema): zod takes the first member that
// parses, fast-json-stringify the first that validates, so `{a, b}` comes out differently.
const unionSchema = z.object({
  x: z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.number() })]),
});

describe('compiled response serializer', () => {
  it('writes what zod writes for a resource with nullable, optional, enum, record and nested fields', () => {
    const schema = z.object({
      id: z.int(),
      name: z.string(),
      note: z.string().nullable(),
      tier: z.int().nullable().optional(),
      status: z.enum(['pending', 'accepted']),
      totals: z.record(z.string(), z.int()),
      tags: z.array(z.object({ id: z.int(), label: z.string() })),
      owner: z.object({ id: z.int(), logo: z.string().nullable() }).nullable(),
      at: z.date(),
    });
    const data = {
      id: 7,
      name: 'Caf\u00e9 "Nord"\n\u2028',
      note: null,
      status: 'pending',
      totals: { a: 1, b: 2 },
      tags: [{ id: 1, label: 'x', extra: 'dropped' }],
      owner: null,
      at: new Date('2026-11-27T10:00:00Z'),
      unknown: 'dropped',
    };
    const text = compiled(schema)(data);
    expect(JSON.parse(text)).toEqual(JSON.parse(zodText(schema, data)));
    expect(JSON.parse(text)).not.toHaveProperty('unknown');
    expect(JSON.parse(text).at).toBe('2026-11-27T10:00:00.000Z');
  });

  it('gives nullable fields no anyOf, which fast-json-stringify would resolve with a validator on every answer', () => {
    const result = compileResponseSchema(dataOfBooking);
    expect('serialize' in result).toBe(true);
    const serialize = (result as { serialize: { toString(): string } }).serialize;
    // The generated function validates only for an anyOf/oneOf (as the union below does).
    expect(serialize.toString()).not.toMatch(/getSchemaValidator/);
    expect((compileResponseSchema(unionSchema) as { serialize: { toString(): string } }).serialize.toString()).toMatch(
      /getSchemaValidator/,
    );
  });

  it('keeps zod for a schema whose encoded output is not the value itself, with the reason', () => {
    const codec = z.codec(z.string(), z.number(), { decode: Number, encode: String });
    expect(compileResponseSchema(z.object({ n: codec }))).toEqual({ reason: 'pipe' });
    expect(compileResponseSchema(z.object({ s: z.string().transform((s) => s.length) }))).toMatchObject({
      reason: expect.stringMatching(/pipe|transform/),
    });
    expect(compileResponseSchema(z.object({ s: z.string().trim() }))).toEqual({
      reason: 'a check that rewrites the value',
    });
    expect(compileResponseSchema(z.object({ s: z.string().catch('x') }))).toEqual({ reason: 'catch' });
  });

  it('compiles each schema once', () => {
    const schema = z.object({ a: z.string() });
    expect(compileResponseSchema(schema)).toBe(compileResponseSchema(schema));
  });
});

describe('checked mode (NODE_ENV=test)', () => {
  it('answers as the compiled serializer does when both agree', async () => {
    const schema = z.object({ a: z.string(), n: z.number().nullable() });
    const { res } = await appAnswering('checked', schema, { a: 'x', n: null, extra: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ a: 'x', n: null });
  });

  it('fails the answer where the compiled output differs from zod (a union resolved differently)', async () => {
    const data = { x: { a: 's', b: 1 } };
    expect(JSON.parse(zodText(unionSchema, data))).toEqual({ x: { a: 's' } });
    expect(JSON.parse(compiled(unionSchema)(data))).toEqual({ x: { a: 's', b: 1 } });
    expect((await appAnswering('checked', unionSchema, data)).res.statusCode).toBe(500);
    // Production writes the compiled text, unchecked: the reason the tests compare.
    expect((await appAnswering('compiled', unionSchema, data)).res.json()).toEqual(data);
  });

  it("keeps zod's validation: a value of the wrong type fails, which the compiled serializer would coerce", async () => {
    const schema = z.object({ name: z.string(), count: z.int() });
    const data = { name: 5, count: '3' };
    expect(JSON.parse(compiled(schema)(data))).toEqual({ name: '5', count: 3 });
    expect((await appAnswering('checked', schema, data)).res.statusCode).toBe(500);
  });

  it('fails the answer where the compiled serializer fills in what zod refuses (a default, a null object)', async () => {
    const withDefault = z.object({ n: z.int().nullable().default(null) });
    expect(compiled(withDefault)({})).toBe('{"n":null}');
    expect((await appAnswering('checked', withDefault, {})).res.statusCode).toBe(500);
    const withObject = z.object({ owner: z.object({ id: z.int() }) });
    expect(compiled(withObject)({ owner: null })).toBe('{"owner":{}}');
    expect((await appAnswering('checked', withObject, { owner: null })).res.statusCode).toBe(500);
  });

  it('fails the answer where the compiled serializer throws and zod does not', () => {
    const zodWrites = () => '{"a":1}';
    const compiledThrows = () => {
      throw new Error('"a" is required!');
    };
    expect(() => checkedSerialize('GET /thing 200', { a: 1 }, zodWrites, compiledThrows)).toThrow(
      ResponseMismatchError,
    );
    expect(checkedSerialize('GET /thing 200', { a: 1 }, zodWrites, () => '{ "a": 1 }')).toBe('{ "a": 1 }');
  });

  it('logs each route that keeps zod once, when the app starts, and answers through zod', async () => {
    const schema = z.object({ n: z.codec(z.string(), z.number(), { decode: Number, encode: String }) });
    const { res, logged } = await appAnswering('compiled', schema, { n: 5 });
    expect(res.json()).toEqual({ n: '5' });
    expect(logged).toEqual([{ route: 'GET /thing 200', reason: 'pipe' }]);
  });
});

const dataOfBooking = z.object({ data: bookingResourceSchema });
