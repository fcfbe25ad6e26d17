import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { mediaApplications, menus, photos } from '../../src/db/schema';
import { rotateFeed } from '../../src/modules/calendar/feed-tokens';
import { openBookingConversation } from '../../src/modules/conversations/open-conversation';
import { createVisit } from '../../src/modules/tasks/task.fixtures';
import { insertCampaign, insertLocation } from '../campaign-fixtures';
import type { TestBrand, TestUser } from '../factories';
import { createBrandOwner, createUser } from '../factories';
import type { TestApp } from '../test-app';
import { createTestApp } from '../test-app';

/**
 * The bad-input sweep (issue 11): every operation of the OpenAPI document, asked by a few kinds of
 * caller, gets hostile variants of its path ids, JSON body, multipart body and query string; none may
 * answer 5xx. Every failure is collected and reported at once. An operation the sweep cannot build a
 * request for (a path parameter it does not know how to fill) fails the test: teach `PATH_PARAMS`.
 *
 * Variants (sampled, not a full cross-product, to keep the run short):
 * - each path parameter in turn as 99999999999, -1, abc, 1e3 (the others real ids);
 * - writes: a JSON body with a wrong type for every declared property, one with a NUL in every
 *   string property, every property null, huge values (ids past the column range, long text), a
 *   body 64 levels deep, a bare string, a bare array, broken JSON; multipart with a NUL in every
 *   text part (the parts the document names for that operation, else a usual set), its JSON parts
 *   typed application/json with a value of the wrong type, without a boundary, and with a boundary
 *   that never closes;
 * - every operation: page[number]=-1 and friends, filter[x][y]=z, repeated keys (declared ones
 *   too), prototype keys, and a NUL and a huge number in every declared query parameter;
 * - issue 24's shapes: an impossible calendar date (2027-02-30) in every declared query parameter
 *   and every string property, a URL with a broken escape (%E0%A4%A) in every string property and
 *   as a post link, multipart whose file part is cut off while the route reads it, and /files keys
 *   no upload can have (//etc/passwd, %2F, ., ..).
 */

type Role = 'anonymous' | 'influencer' | 'journalist' | 'brand' | 'staff';
const ROLES: Role[] = ['anonymous', 'influencer', 'journalist', 'brand', 'staff'];

interface World {
  influencer: TestUser;
  journalist: TestUser;
  brand: TestBrand;
  staff: TestUser;
  location: number;
  campaign: number;
  reviewCampaign: number;
  photo: number;
  booking: number;
  task: number;
  journalistTask: number;
  journalistBooking: number;
  /** The influencer's calendar feed (`TOKEN.ics`). */
  feedFile: string;
  application: number;
  conversation: number;
}

/** A caller's own id for `influencers/{id}` and `journalist/{id}` paths (others' ids are refused early). */
function selfId(w: World, role: Role): number {
  if (role === 'journalist') return w.journalist.id;
  return w.influencer.id;
}

/** How to fill each path parameter with a real id: [path pattern, parameter, value]. */
const PATH_PARAMS: [RegExp, string, (w: World, role: Role) => string | number][] = [
  [/^\/api\/v1\/admin\/applications\/\{id\}/, 'id', (w) => w.application],
  [/^\/api\/v1\/admin\/campaigns\/\{id\}/, 'id', (w) => w.reviewCampaign],
  [/^\/api\/v1\/admin\/disputes\/\{bookingId\}/, 'bookingId', (w) => w.booking],
  [/^\/api\/v1\/(admin\/)?conversations\/\{id\}/, 'id', (w) => w.conversation],
  [/^\/api\/v1\/subscriptions\/payments\/\{paymentId\}/, 'paymentId', () => 1],
  [/^\/api\/v1\/brands\/(socialnetworks\/)?\{id\}/, 'id', (w) => w.brand.brandId],
  [/^\/api\/v1\/photos\/\{id\}/, 'id', (w) => w.photo],
  [/^\/api\/v1\/locations\/\{id\}/, 'id', (w) => w.location],
  [/^\/api\/v1\/campaigns\/\{id\}/, 'id', (w) => w.campaign],
  [/\/photos\/\{photoId\}/, 'photoId', () => 1],
  [/^\/api\/v1\/bookings\/\{id\}/, 'id', (w) => w.booking],
  [/^\/api\/v1\/(influencers|journalist)\/\{id\}/, 'id', selfId],
  [/\{campaignId\}/, 'campaignId', (w) => w.campaign],
  [/\{bookingId\}/, 'bookingId', (w, role) => (role === 'journalist' ? w.journalistBooking : w.booking)],
  [/\{taskId\}/, 'taskId', (w, role) => (role === 'journalist' ? w.journalistTask : w.task)],
  [/^\/api\/v1\/calendar\/\{file\}/, 'file', (w) => w.feedFile],
  // Brand teams: no member exists in this world (a 404 after the checks).
  [/\{memberId\}/, 'memberId', () => 1],
  // Issue 28: an invitation and a content item that need not exist (the hostile variants are the point).
  [/\{invId\}/, 'invId', () => 1],
  [/\{contentId\}/, 'contentId', () => 1],
  // Issue 30: a waitlist entry (none exists: the route answers 404, its input is what is swept).
  [/\{entryId\}/, 'entryId', () => 1],
];

const HOSTILE_IDS = ['99999999999', '-1', 'abc', '1e3'];

/** Issue 24: a day no month has, and a post link whose escape is cut short. */
const IMPOSSIBLE_DATE = '2027-02-30';
const BROKEN_ESCAPE = 'https://x.com/%E0%A4%A/status/1729000000000000000';

/**
 * Bodies a route accepts, for the few operations whose dates and links are read only once the rest
 * of the body is valid: each string in them is made hostile in turn, the others left valid.
 */
const VALID_BODIES: Record<string, (w: World) => Record<string, unknown>> = {
  'PUT /api/v1/influencers/{id}/tasks/{taskId}': () => ({
    posts: [
      { type: 'post', link: 'https://www.instagram.com/p/CxYz123AbCd/' },
      { type: 'post', link: 'https://www.instagram.com/p/CxYz123AbCe/' },
      { type: 'story', link: 'https://www.instagram.com/stories/test_handle/3210987654321/' },
    ],
    completed: 1,
    geolocalized: 1,
    hashtagged: 1,
    posted: 1,
    tagged: 1,
    rating: 5,
  }),
  'POST /api/v1/bookings': (w) => ({
    campaign_id: w.campaign,
    location_id: w.location,
    booking_date: '2030-06-04',
    booking_time: '19:00',
    guests: 1,
  }),
  'POST /api/v1/influencers/{id}/campaigns/{campaignId}/availablehours': (w) => ({
    location_id: w.location,
    date: '2030-06-04',
  }),
};

/** Every string leaf of a body: its path and a copy of the body with `value` there instead. */
function withEachString(body: unknown, value: string): [string, unknown][] {
  const out: [string, unknown][] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (typeof node === 'string') {
      const copy = structuredClone(body) as Record<string | number, unknown>;
      let at: Record<string | number, unknown> = copy;
      for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
      at[path.at(-1)!] = value;
      out.push([path.join('.'), copy]);
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, [...path, Array.isArray(node) ? Number(k) : k]);
    }
  };
  walk(body, []);
  return out;
}

// ---------------------------------------------------------------- the OpenAPI document

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  contentMediaType?: string;
}
interface Parameter {
  in: string;
  name: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface Op {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Declared JSON body properties with their schemas (empty when none is declared). */
  properties: Record<string, JsonSchema>;
  /** Declared multipart parts with their schemas (empty when none is declared). */
  parts: Record<string, JsonSchema>;
  /** Answers an event stream (`text/event-stream`), which ends only when the client hangs up. */
  stream: boolean;
}

function deref(doc: OpenApi, s: JsonSchema | undefined): JsonSchema {
  let cur = s ?? {};
  for (let i = 0; i < 10 && cur.$ref; i += 1) {
    const name = cur.$ref.replace('#/components/schemas/', '');
    cur = doc.components?.schemas?.[name] ?? {};
  }
  return cur;
}

/** Every property a body schema declares, through $ref, allOf, anyOf and oneOf. */
function propertiesOf(doc: OpenApi, s: JsonSchema | undefined, out: Record<string, JsonSchema> = {}) {
  const schema = deref(doc, s);
  for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] ??= deref(doc, v);
  for (const branch of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    propertiesOf(doc, branch, out);
  }
  return out;
}

function operationsOf(doc: OpenApi): Op[] {
  const ops: Op[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        properties: propertiesOf(doc, op.requestBody?.content?.['application/json']?.schema),
        parts: propertiesOf(doc, op.requestBody?.content?.['multipart/form-data']?.schema),
        stream: !!op.responses?.['200']?.content?.['text/event-stream'],
      });
    }
  }
  return ops;
}

function typesOf(s: JsonSchema): string[] {
  const out = new Set<string>();
  const walk = (x: JsonSchema) => {
    if (x.type) for (const t of [x.type].flat()) out.add(t);
    if (x.enum || x.const !== undefined) out.add('string');
    for (const b of [...(x.anyOf ?? []), ...(x.oneOf ?? []), ...(x.allOf ?? [])]) walk(b);
  };
  walk(s);
  return [...out];
}

/** A value of a type the property does not take. */
function wrongValue(s: JsonSchema): unknown {
  const types = typesOf(s);
  if (types.includes('string')) return types.includes('number') || types.includes('integer') ? { x: 1 } : 12345;
  if (types.includes('integer') || types.includes('number')) return 'not-a-number';
  if (types.includes('boolean')) return 'yes';
  if (types.includes('array')) return { a: 1 };
  if (types.includes('object')) return 'text';
  return [[]];
}

/** A value of the property's own type, as large as it gets: ids past the column range, long text. */
function hugeValue(s: JsonSchema): unknown {
  const types = typesOf(s);
  if (types.includes('integer')) return 99999999999;
  if (types.includes('number')) return 1e308;
  if (types.includes('string')) return 'x'.repeat(20_000);
  if (types.includes('array')) return Array.from({ length: 1000 }, () => 99999999999);
  if (types.includes('object')) return { x: 'x'.repeat(20_000) };
  return 99999999999;
}

/** A value of the property's own type, with a NUL in every string. */
function nulValue(s: JsonSchema): unknown {
  const types = typesOf(s);
  if (types.includes('string')) return 'a\u0000b';
  if (types.includes('array')) return ['a\u0000b'];
  if (types.includes('object')) return { note: 'a\u0000b' };
  if (types.includes('integer') || types.includes('number')) return 1;
  if (types.includes('boolean')) return true;
  return 'a\u0000b';
}

// ---------------------------------------------------------------- requests

interface Probe {
  variant: string;
  method: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  stream?: boolean;
}

function deep(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

function queryVariants(op: Op): [string, string][] {
  const declared = op.queryParams.map(encodeURIComponent);
  const repeated = declared.map((q) => `${q}=1&${q}=2&${q}[]=3`).join('&');
  const nul = declared.map((q) => `${q}=a%00b`).join('&');
  const huge = declared.map((q) => `${q}=99999999999999999999`).join('&');
  return [
    ['page[number]=-1', 'page[number]=-1&page[size]=-1'],
    ['odd page values', 'page[number]=abc&page[size]=1e3&page=1&page[number][x]=1'],
    ['filter[x][y]=z', 'filter[x][y]=z&filter[status][]=a&filter=1'],
    [
      'repeated keys',
      `page[number]=1&page[number]=2&filter[status]=a&filter[status]=b${repeated ? `&${repeated}` : ''}`,
    ],
    ['prototype keys', '__proto__[polluted]=1&constructor[prototype][polluted]=1'],
    ...(declared.length ? ([['NUL in every declared parameter', nul]] as [string, string][]) : []),
    ...(declared.length ? ([['huge numbers in every declared parameter', huge]] as [string, string][]) : []),
    // One at a time: with all of them hostile, another parameter's rule answers 422 first.
    ...declared.map((q): [string, string] => [`an impossible date in ${q}`, `${q}=${IMPOSSIBLE_DATE}`]),
  ];
}

/** A value of the property's own type built around `text` (a date or a link), as deep as it goes. */
function textValue(s: JsonSchema, text: string): unknown {
  const types = typesOf(s);
  if (types.includes('string')) return text;
  if (types.includes('array')) return [{ type: 'post', link: text, date: text }];
  if (types.includes('object')) return { link: text, date: text, from: text, to: text };
  if (types.includes('integer') || types.includes('number')) return 1;
  return text;
}

/**
 * Multipart bodies whose file part (named as each upload route names it) ends while the route is
 * reading it; `brand_id` comes first, as POST photos needs before any file.
 */
function cutFileBodies(brandId: number): [string, string][] {
  const data = '\u0089PNG\r\n' + 'a'.repeat(300_000);
  return ['file', 'featured_photos[]'].map((name) => [
    `multipart whose ${name} part is cut off`,
    `--sweep\r\nContent-Disposition: form-data; name="brand_id"\r\n\r\n${brandId}\r\n` +
      `--sweep\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${data}`,
  ]);
}

function bodyVariants(op: Op): [string, string, string][] {
  const props = Object.entries(op.properties);
  const wrong = Object.fromEntries(props.map(([k, s]) => [k, wrongValue(s)]));
  const nul = Object.fromEntries(props.map(([k, s]) => [k, nulValue(s)]));
  const nulls = Object.fromEntries(props.map(([k]) => [k, null]));
  const huge = Object.fromEntries(props.map(([k, s]) => [k, hugeValue(s)]));
  const json = 'application/json';
  const part = (name: string, value: string, type?: string) =>
    `--sweep\r\nContent-Disposition: form-data; name="${name}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${value}\r\n`;
  const filePart = (name: string) =>
    `--sweep\r\nContent-Disposition: form-data; name="${name}"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n`;
  const isFile = (s: JsonSchema) => s.format === 'binary' || s.items?.format === 'binary';
  const isJson = (s: JsonSchema) => s.contentMediaType === 'application/json';
  // The parts the document names for this operation (every upload declares its own), else a usual set.
  const documented = Object.entries(op.parts);
  const parts: [string, JsonSchema][] = documented.length
    ? documented
    : [
        ...['brand_id', 'name', 'category_id', 'description', 'status', 'step'].map((n): [string, JsonSchema] => [
          n,
          {},
        ]),
        ...['booking', 'locations'].map((n): [string, JsonSchema] => [n, { contentMediaType: 'application/json' }]),
        ['file', { format: 'binary' }],
      ];
  const nulParts =
    parts
      .map(([n, s]) => (isFile(s) ? filePart(n) : part(n, isJson(s) ? '{"a\u0000":"b\u0000"}' : 'a\u0000b')))
      .join('') + '--sweep--\r\n';
  const wrongJsonParts =
    parts
      .map(([n, s]) =>
        isFile(s) ? filePart(n) : isJson(s) ? part(n, '"a string, not an object"', json) : part(n, '1'),
      )
      .join('') + '--sweep--\r\n';
  return [
    ['wrong type for every property', json, JSON.stringify(props.length ? wrong : { unexpected: { x: [1] } })],
    ['NUL in every string property', json, JSON.stringify(props.length ? nul : { note: 'a\u0000b' })],
    ['every property null', json, JSON.stringify(nulls)],
    ['huge values in every property', json, JSON.stringify(props.length ? huge : { id: 99999999999 })],
    ['64 levels deep', json, deep(64)],
    ['a bare string', json, JSON.stringify('a\u0000b')],
    ['a bare array', json, JSON.stringify([1, 'a', null])],
    ['broken JSON', json, '{"a":'],
    [
      'an impossible date in every property',
      json,
      JSON.stringify(Object.fromEntries(props.map(([k, s]) => [k, textValue(s, IMPOSSIBLE_DATE)]))),
    ],
    [
      'a broken escape in every property',
      json,
      JSON.stringify(Object.fromEntries(props.map(([k, s]) => [k, textValue(s, BROKEN_ESCAPE)]))),
    ],
    ['multipart with NUL in every text part and file name', 'multipart/form-data; boundary=sweep', nulParts],
    [
      'multipart with JSON parts typed application/json of the wrong type',
      'multipart/form-data; boundary=sweep',
      wrongJsonParts,
    ],
    [
      'multipart without a boundary',
      'multipart/form-data',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
    ],
    [
      'multipart whose boundary never closes',
      'multipart/form-data; boundary=sweep',
      '--sweep\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
    ],
  ];
}

// ---------------------------------------------------------------- the run

let t: TestApp;
let w: World;
let ops: Op[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const ctx = t.ctx;
  const brand = await createBrandOwner(ctx, { name: 'Sweep Bistro' });
  const influencer = await createUser(ctx, { role: 'influencer', tier: 1 });
  const journalist = await createUser(ctx, { role: 'journalist', tier: 1 });
  const staff = await createUser(ctx, { role: 'staff' });
  const location = (await insertLocation(ctx, brand.brandId)).id;
  const campaign = (
    await insertCampaign(ctx, { brandId: brand.brandId, target: ['influencer', 'journalist'] }, location)
  ).id;
  const reviewCampaign = (await insertCampaign(ctx, { brandId: brand.brandId, status: 'review' }, location)).id;
  const photoFile = `brands/${brand.brandId}/photos/p.png`;
  await ctx.storage.put(photoFile, Buffer.from('png'), 'image/png');
  const [photo] = await ctx.db
    .insert(photos)
    .values({ brandId: brand.brandId, name: 'p', path: photoFile, thumbPath: photoFile })
    .returning();
  await ctx.db
    .insert(menus)
    .values({ brandId: brand.brandId, name: 'Dinner', path: `brands/${brand.brandId}/menus/m.pdf`, size: 10 });
  const visit = await createVisit(ctx, { brandId: brand.brandId, userId: influencer.id });
  const jvisit = await createVisit(ctx, { brandId: brand.brandId, userId: journalist.id });
  const [application] = await ctx.db
    .insert(mediaApplications)
    .values({ name: 'Applicant', email: 'sweep-applicant@example.test', type: 'influencer', instagram: 'applicant' })
    .returning();
  const conversation = await ctx.db.transaction((tx) =>
    openBookingConversation(tx, { id: visit.booking.id, brandId: brand.brandId, userId: influencer.id }),
  );
  w = {
    conversation: conversation.id,
    influencer,
    journalist,
    brand,
    staff,
    location,
    campaign,
    reviewCampaign,
    photo: photo!.id,
    booking: visit.booking.id,
    task: visit.task.id,
    journalistTask: jvisit.task.id,
    journalistBooking: jvisit.booking.id,
    feedFile: new URL(await rotateFeed(t.ctx, influencer.id)).pathname.split('/').pop()!,
    application: application!.id,
  };
  ops = operationsOf(t.app.swagger() as unknown as OpenApi);
});
afterAll(async () => t.close());

function headersOf(role: Role): Record<string, string> {
  return role === 'anonymous' ? {} : w[role].headers;
}

/** The path with every parameter filled for the role, `hostile` in place of `param` when given. */
function fill(op: Op, role: Role, hostile?: { param: string; value: string }): string | { unfillable: string } {
  let url = op.path;
  for (const param of op.pathParams) {
    if (hostile?.param === param) {
      url = url.replace(`{${param}}`, hostile.value);
      continue;
    }
    const rule = PATH_PARAMS.find(([pattern, name]) => name === param && pattern.test(op.path));
    if (!rule) return { unfillable: param };
    url = url.replace(`{${param}}`, encodeURIComponent(String(rule[2](w, role))));
  }
  return url;
}

/** Writes that end the caller's session or remove the world's objects run after everything else. */
function lateness(op: Op): number {
  if (op.path.endsWith('/logout')) return 2;
  return op.method === 'DELETE' ? 1 : 0;
}

function probesOf(op: Op, role: Role): Probe[] | { unfillable: string } {
  const base = fill(op, role);
  if (typeof base !== 'string') return base;
  const probes: Probe[] = [];
  const isWrite = op.method !== 'GET';
  for (const param of op.pathParams) {
    for (const value of HOSTILE_IDS) {
      const url = fill(op, role, { param, value }) as string;
      probes.push({
        variant: `path ${param}=${value}`,
        method: op.method,
        url,
        ...(isWrite ? { payload: '{}', headers: { 'content-type': 'application/json' } } : {}),
      });
    }
  }
  for (const [variant, query] of queryVariants(op)) {
    probes.push({ variant: `query: ${variant}`, method: op.method, url: `${base}?${query}`, stream: op.stream });
  }
  if (isWrite) {
    const valid = VALID_BODIES[`${op.method} ${op.path}`];
    for (const hostile of valid ? [IMPOSSIBLE_DATE, BROKEN_ESCAPE] : []) {
      for (const [field, body] of withEachString(valid!(w), hostile)) {
        probes.push({
          variant: `body: ${hostile} in ${field} of a valid body`,
          method: op.method,
          url: base,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
      }
    }
    for (const [variant, payload] of cutFileBodies(w.brand.brandId)) {
      probes.push({
        variant: `body: ${variant}`,
        method: op.method,
        url: base,
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=sweep' },
      });
    }
    for (const [variant, contentType, payload] of bodyVariants(op)) {
      probes.push({
        variant: `body: ${variant}`,
        method: op.method,
        url: base,
        payload,
        headers: { 'content-type': contentType },
      });
    }
  }
  return probes;
}

describe('bad-input sweep over the OpenAPI document (issue 11)', () => {
  it('knows every operation it has a valid body for', () => {
    const known = new Set(ops.map((op) => `${op.method} ${op.path}`));
    expect(Object.keys(VALID_BODIES).filter((k) => !known.has(k))).toEqual([]);
  });

  it('can build a request for every operation', () => {
    expect(ops.length).toBeGreaterThan(50);
    const unbuildable = ops.flatMap((op) => {
      const probes = probesOf(op, 'brand');
      return 'unfillable' in probes ? [`${op.method} ${op.path}: no value for {${probes.unfillable}}`] : [];
    });
    expect(unbuildable, 'operations the sweep cannot fill (teach PATH_PARAMS)').toEqual([]);
  });

  it('answers every hostile variant of every operation, for every role, without a 5xx', async () => {
    expect(ops.length, 'the document was read').toBeGreaterThan(0);
    const started = Date.now();
    const failures: string[] = [];
    let requests = 0;
    const statuses: Record<number, number> = {};
    const ordered = [...ops].sort((a, b) => lateness(a) - lateness(b));
    for (const op of ordered) {
      for (const role of ROLES) {
        const probes = probesOf(op, role);
        if ('unfillable' in probes) continue;
        for (const probe of probes) {
          requests += 1;
          let res: Awaited<ReturnType<typeof t.app.inject>>;
          try {
            res = await t.app.inject({
              method: probe.method as 'GET',
              url: probe.url,
              payload: probe.payload,
              headers: { ...(probe.headers ?? {}), ...headersOf(role) },
              // A fresh address each time, so the per-address limits on anonymous writes do not turn
              // the rest of the sweep into 429s.
              remoteAddress: `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
              // An event stream let in never ends: its answer is read as a stream, then hung up.
              ...(probe.stream ? { payloadAsStream: true } : {}),
            });
            if (probe.stream) (res.raw.res as { destroy(): void }).destroy();
          } catch (err) {
            // An answer begun and then broken off (a stream that failed after its 200) is a failure too.
            failures.push(
              `aborted ${probe.method} ${probe.url} as ${role} [${probe.variant}]: ${(err as Error).message}`,
            );
            continue;
          }
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          if (res.statusCode >= 500) {
            failures.push(
              `${res.statusCode} ${probe.method} ${probe.url} as ${role} [${probe.variant}]: ${res.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `bad-input sweep: ${requests} requests over ${ops.length} operations x ${ROLES.length} roles in ${seconds} s; statuses ${JSON.stringify(statuses)}`,
    );
    expect(failures, `${failures.length} answers >= 500 of ${requests}`).toEqual([]);
  }, 120_000);

  it('answers /files keys no upload can have with 404 (issue 24)', async () => {
    for (const url of [
      '/files//etc/passwd',
      '/files/%2Fetc%2Fpasswd',
      '/files/.',
      '/files/..',
      '/files/%2e%2e/%2e%2e/etc/passwd',
      '/files/brands//1',
      '/files/brands/%00.png',
      `/files/${'a/'.repeat(300)}b.png`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
