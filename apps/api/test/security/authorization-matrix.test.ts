import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { brandMembers, mediaApplications, menus, photos } from '../../src/db/schema';
import { multipart } from '../../src/modules/brands/upload-fixtures';
import { rotateFeed } from '../../src/modules/calendar/feed-tokens';
import { openBookingConversation } from '../../src/modules/conversations/open-conversation';
import { createVisit } from '../../src/modules/tasks/task.fixtures';
import { insertCampaign, insertLocation } from '../campaign-fixtures';
import type { TestBrand, TestUser } from '../factories';
import { createBrandMember, createBrandOwner, createUser } from '../factories';
import type { TestApp } from '../test-app';
import { createTestApp } from '../test-app';

/**
 * The route x role authorization matrix (issue 11): every registered route, asked by every kind of
 * caller, answers the status written here, and a refused write leaves the database as it was.
 * A route without a row fails the test: adding a route means adding one line to MATRIX.
 *
 * Columns, in this order: anonymous, influencer, journalist, brand A (owner of the objects in the
 * URL), brand B (another subscribed brand), brand without a plan, staff, then brand A's team (brand
 * teams): a manager, and a host of location A (the pending booking's location is not theirs). The caller that is allowed
 * sends an empty body, so its answer is usually 422 (it got past authorization, then validation).
 * Who is asking is checked before the body (every route puts requireAuth in onRequest; app.ts refuses it anywhere else); which
 * brand owns an object is checked after validation, so another brand with an empty body also gets
 * 422, and the module tests prove the 403/404 with valid bodies.
 */
const WHO = ['anon', 'influencer', 'journalist', 'brandA', 'brandB', 'noPlan', 'staff', 'manager', 'host'] as const;
type Who = (typeof WHO)[number];

interface World {
  influencer: TestUser;
  journalist: TestUser;
  brandA: TestBrand;
  brandB: TestBrand;
  noPlan: TestBrand;
  staff: TestUser;
  /** Brand A's team: a manager, and a host of location A. */
  manager: TestUser;
  host: TestUser;
  /** An invitation of brand A, withdrawn by its row. */
  memberToDelete: number;
  /** Brand A's objects. */
  locationA: number;
  locationToDelete: number;
  campaignA: number;
  reviewCampaign: number;
  draftToDelete: number;
  photoToDelete: number;
  menuPath: string;
  bookingPending: number;
  /** The influencer's task (booking of brand A) and the journalist's. */
  taskInfluencer: number;
  bookingWithTask: number;
  taskJournalist: number;
  application: number;
  photoFile: string;
  /** A media user's calendar feed address (a path), opened without signing in (not a caller: none rotates it). */
  feedPath: string;
  /** The conversation of the influencer's pending booking with brand A. */
  conversation: number;
}

interface Row {
  url: (w: World) => string;
  /** Nine statuses: anon, influencer, journalist, brand A, brand B, brand without plan, staff, manager, host. */
  expect: string;
  multipart?: boolean;
  /** An event stream: read as a stream (its status is all it asks), then hung up. */
  stream?: boolean;
}

const row = (url: (w: World) => string, expect: string, opts: { multipart?: boolean; stream?: boolean } = {}): Row => ({
  url,
  expect,
  ...opts,
});
const V = '/api/v1';

// prettier-ignore
const MATRIX: Record<string, Row> = {
  'GET /healthz':                                 row(() => '/healthz', '200 200 200 200 200 200 200 200 200'),
  'GET /readyz':                                  row(() => '/readyz', '200 200 200 200 200 200 200 200 200'),
  'GET /api/v1/openapi.json':                     row(() => `${V}/openapi.json`, '200 200 200 200 200 200 200 200 200'),
  // The interactive reference (@fastify/swagger-ui) is public, like the document it shows.
  'GET /api/docs':                                row(() => '/api/docs', '200 200 200 200 200 200 200 200 200'),
  'GET /api/docs/json':                           row(() => '/api/docs/json', '200 200 200 200 200 200 200 200 200'),
  'GET /api/docs/yaml':                           row(() => '/api/docs/yaml', '200 200 200 200 200 200 200 200 200'),
  'GET /api/docs/static/*':                       row(() => '/api/docs/static/swagger-ui.css', '200 200 200 200 200 200 200 200 200'),
  'GET /api/docs/static/swagger-initializer.js':  row(() => '/api/docs/static/swagger-initializer.js', '200 200 200 200 200 200 200 200 200'),
  'GET /api/docs/static/index.html':              row(() => '/api/docs/static/index.html', '302 302 302 302 302 302 302 302 302'),
  'GET /files/*':                                 row((w) => `/files/${w.photoFile}`, '200 200 200 200 200 200 200 200 200'),
  'POST /api/v1/login':                           row(() => `${V}/login`, '422 422 422 422 422 422 422 422 422'),
  'POST /api/v1/registerbrand':                   row(() => `${V}/registerbrand`, '422 422 422 422 422 422 422 422 422'),
  'POST /api/v1/resetpassword':                   row(() => `${V}/resetpassword`, '422 422 422 422 422 422 422 422 422'),
  'POST /api/v1/influencers':                     row(() => `${V}/influencers`, '422 422 422 422 422 422 422 422 422'),
  'GET /api/v1/profile':                          row(() => `${V}/profile`, '401 200 200 200 200 200 200 200 200'),
  'PUT /api/v1/profile':                          row(() => `${V}/profile`, '401 422 422 422 422 422 422 422 422'),
  'GET /api/v1/logout':                           row(() => `${V}/logout`, '401 204 204 204 204 204 204 204 204'),
  'GET /api/v1/admin/applications':               row(() => `${V}/admin/applications`, '401 403 403 403 403 403 200 403 403'),
  'POST /api/v1/admin/applications/:id/approve':  row((w) => `${V}/admin/applications/${w.application}/approve`, '401 403 403 403 403 403 422 403 403'),
  'POST /api/v1/admin/applications/:id/reject':   row((w) => `${V}/admin/applications/${w.application}/reject`, '401 403 403 403 403 403 422 403 403'),
  'GET /api/v1/admin/outbox':                     row(() => `${V}/admin/outbox`, '401 403 403 403 403 403 200 403 403'),
  'GET /api/v1/admin/analytics':                  row(() => `${V}/admin/analytics`, '401 403 403 403 403 403 422 403 403'),
  'GET /api/v1/admin/campaigns':                  row(() => `${V}/admin/campaigns`, '401 403 403 403 403 403 200 403 403'),
  'POST /api/v1/admin/campaigns/:id/approve':     row((w) => `${V}/admin/campaigns/${w.reviewCampaign}/approve`, '401 403 403 403 403 403 200 403 403'),
  'POST /api/v1/admin/campaigns/:id/reject':      row((w) => `${V}/admin/campaigns/${w.reviewCampaign}/reject`, '401 403 403 403 403 403 422 403 403'),
  'GET /api/v1/subscriptions/products':           row(() => `${V}/subscriptions/products`, '200 200 200 200 200 200 200 200 200'),
  'POST /api/v1/payment-methods':                 row(() => `${V}/payment-methods`, '401 403 403 422 422 422 403 403 403'),
  'POST /api/v1/subscriptions':                   row(() => `${V}/subscriptions`, '401 403 403 422 422 422 403 403 403'),
  'GET /api/v1/subscriptions/status':             row(() => `${V}/subscriptions/status`, '401 403 403 200 200 200 403 200 200'),
  'GET /api/v1/subscriptions/payments/:paymentId': row(() => `${V}/subscriptions/payments/999`, '401 403 403 404 404 404 403 403 403'),
  'POST /api/v1/subscriptions/payments/:paymentId/authenticate': row(() => `${V}/subscriptions/payments/999/authenticate`, '401 403 403 422 422 422 403 403 403'),
  'GET /api/v1/brands/:id':                       row((w) => `${V}/brands/${w.brandA.brandId}`, '401 403 403 200 403 403 403 200 200'),
  'PATCH /api/v1/brands/:id':                     row((w) => `${V}/brands/${w.brandA.brandId}`, '401 403 403 422 422 422 403 422 403'),
  'PUT /api/v1/brands/:id/field':                 row((w) => `${V}/brands/${w.brandA.brandId}/field`, '401 403 403 422 422 422 403 422 403'),
  'DELETE /api/v1/brands/:id/field':              row((w) => `${V}/brands/${w.brandA.brandId}/field`, '401 403 403 422 422 422 403 422 403'),
  'PUT /api/v1/brands/socialnetworks/:id':        row((w) => `${V}/brands/socialnetworks/${w.brandA.brandId}`, '401 403 403 422 422 422 403 422 403'),
  'POST /api/v1/brands/:id/logo':                 row((w) => `${V}/brands/${w.brandA.brandId}/logo`, '401 403 403 422 403 403 403 422 403', { multipart: true }),
  'POST /api/v1/brands/:id/menu':                 row((w) => `${V}/brands/${w.brandA.brandId}/menu`, '401 403 403 422 403 403 403 422 403', { multipart: true }),
  'DELETE /api/v1/brands/:id/menu':               row((w) => `${V}/brands/${w.brandA.brandId}/menu`, '401 403 403 422 422 422 403 422 403'),
  'POST /api/v1/photos':                          row(() => `${V}/photos`, '401 403 403 422 422 422 403 422 403', { multipart: true }),
  'DELETE /api/v1/photos/:id':                    row((w) => `${V}/photos/${w.photoToDelete}`, '401 403 403 204 404 404 403 404 403'),
  'GET /api/v1/locations':                        row(() => `${V}/locations`, '401 403 403 200 200 200 403 200 200'),
  'GET /api/v1/locations/:id':                    row((w) => `${V}/locations/${w.locationA}`, '401 403 403 200 403 403 403 200 200'),
  'POST /api/v1/locations':                       row(() => `${V}/locations`, '401 403 403 422 422 422 403 422 403'),
  'PUT /api/v1/locations/:id':                    row((w) => `${V}/locations/${w.locationA}`, '401 403 403 422 422 422 403 422 403'),
  'DELETE /api/v1/locations/:id':                 row((w) => `${V}/locations/${w.locationToDelete}`, '401 403 403 204 404 404 403 404 403'),
  'POST /api/v1/campaigns':                       row(() => `${V}/campaigns`, '401 403 403 422 422 403 403 422 403', { multipart: true }),
  'GET /api/v1/campaigns/:id':                    row((w) => `${V}/campaigns/${w.campaignA}`, '401 403 403 200 403 403 403 200 200'),
  'POST /api/v1/campaigns/:id':                   row((w) => `${V}/campaigns/${w.draftToDelete}`, '401 403 403 422 403 403 403 422 403', { multipart: true }),
  'DELETE /api/v1/campaigns/:id':                 row((w) => `${V}/campaigns/${w.draftToDelete}`, '401 403 403 204 404 404 403 404 403'),
  'DELETE /api/v1/campaigns/:id/photos/:photoId': row((w) => `${V}/campaigns/${w.campaignA}/photos/1`, '401 403 403 409 403 403 403 409 403'),
  'GET /api/v1/brands/:id/campaigns':             row((w) => `${V}/brands/${w.brandA.brandId}/campaigns`, '401 403 403 200 403 403 403 200 200'),
  'GET /api/v1/influencers/:id/campaigns':        row((w) => `${V}/influencers/${w.influencer.id}/campaigns`, '401 200 403 403 403 403 403 403 403'),
  'GET /api/v1/influencers/:id/campaigns/:campaignId': row((w) => `${V}/influencers/${w.influencer.id}/campaigns/${w.campaignA}`, '401 200 403 403 403 403 403 403 403'),
  'POST /api/v1/influencers/:id/contactbrand':    row((w) => `${V}/influencers/${w.journalist.id}/contactbrand`, '401 403 422 403 403 403 403 403 403'),
  'POST /api/v1/influencers/:id/campaigns/:campaignId/availablehours': row((w) => `${V}/influencers/${w.influencer.id}/campaigns/${w.campaignA}/availablehours`, '401 422 422 403 403 403 403 403 403'),
  'POST /api/v1/bookings':                        row(() => `${V}/bookings`, '401 422 422 403 403 403 403 403 403'),
  'GET /api/v1/influencers/:id/bookings':         row((w) => `${V}/influencers/${w.influencer.id}/bookings`, '401 200 403 403 403 403 403 403 403'),
  'GET /api/v1/brands/:id/bookings':              row((w) => `${V}/brands/${w.brandA.brandId}/bookings`, '401 403 403 200 403 403 403 200 200'),
  'PUT /api/v1/brands/:id/bookings/:bookingId':   row((w) => `${V}/brands/${w.brandA.brandId}/bookings/${w.bookingPending}`, '401 403 403 422 422 422 403 422 422'),
  'PUT /api/v1/influencers/:id/bookings/:bookingId': row((w) => `${V}/influencers/${w.influencer.id}/bookings/${w.bookingPending}`, '401 422 422 403 403 403 403 403 403'),
  'POST /api/v1/bookings/:id/rate_influencer':    row((w) => `${V}/bookings/${w.bookingWithTask}/rate_influencer`, '401 403 403 422 422 422 403 422 422'),
  'POST /api/v1/bookings/:id/rate_experience':    row((w) => `${V}/bookings/${w.bookingWithTask}/rate_experience`, '401 422 422 403 403 403 403 403 403'),
  'POST /api/v1/brands/:id/bookings/:bookingId/checkin': row((w) => `${V}/brands/${w.brandA.brandId}/bookings/${w.bookingWithTask}/checkin`, '401 403 403 422 422 422 403 422 422'),
  'POST /api/v1/influencers/:id/bookings/:bookingId/dispute': row((w) => `${V}/influencers/${w.influencer.id}/bookings/${w.bookingWithTask}/dispute`, '401 422 422 403 403 403 403 403 403'),
  'GET /api/v1/admin/disputes':                   row(() => `${V}/admin/disputes`, '401 403 403 403 403 403 200 403 403'),
  'POST /api/v1/admin/disputes/:bookingId/settle': row((w) => `${V}/admin/disputes/${w.bookingWithTask}/settle`, '401 403 403 403 403 403 422 403 403'),
  'GET /api/v1/brands/:id/insights':              row((w) => `${V}/brands/${w.brandA.brandId}/insights`, '401 403 403 200 403 403 403 200 200'),
  'GET /api/v1/brands/:id/insights/bookings.csv': row((w) => `${V}/brands/${w.brandA.brandId}/insights/bookings.csv`, '401 403 403 200 403 403 403 200 200'),
  'GET /api/v1/influencers/:id/tasks':            row((w) => `${V}/influencers/${w.influencer.id}/tasks`, '401 200 403 403 403 403 403 403 403'),
  'GET /api/v1/influencers/:id/tasks/:taskId':    row((w) => `${V}/influencers/${w.influencer.id}/tasks/${w.taskInfluencer}`, '401 200 403 403 403 403 403 403 403'),
  'PUT /api/v1/influencers/:id/tasks/:taskId':    row((w) => `${V}/influencers/${w.influencer.id}/tasks/${w.taskInfluencer}`, '401 422 403 403 403 403 403 403 403'),
  'PUT /api/v1/journalist/:id/tasks/:taskId':     row((w) => `${V}/journalist/${w.journalist.id}/tasks/${w.taskJournalist}`, '401 403 422 403 403 403 403 403 403'),
  // A listed media user's public profile is open to subscribed brands' owners and managers (the creator directory, issue 28).
  'GET /api/v1/influencers/:id':                  row((w) => `${V}/influencers/${w.influencer.id}`, '401 200 403 200 200 403 403 200 403'),
  'PUT /api/v1/influencers/:id':                  row((w) => `${V}/influencers/${w.influencer.id}`, '401 422 422 403 403 403 403 403 403'),
  'POST /api/v1/influencers/:id/picture':         row((w) => `${V}/influencers/${w.influencer.id}/picture`, '401 422 403 403 403 403 403 403 403', { multipart: true }),
  'GET /api/v1/influencers/:id/bookings/:bookingId': row((w) => `${V}/influencers/${w.influencer.id}/bookings/${w.bookingWithTask}`, '401 200 403 403 403 403 403 403 403'),
  'GET /api/v1/push/key':                         row(() => `${V}/push/key`, '401 200 200 200 200 200 200 200 200'),
  'POST /api/v1/push/subscriptions':              row(() => `${V}/push/subscriptions`, '401 422 422 422 422 422 422 422 422'),
  'DELETE /api/v1/push/subscriptions':            row(() => `${V}/push/subscriptions`, '401 422 422 422 422 422 422 422 422'),
  'GET /api/v1/calendar-feed':                    row(() => `${V}/calendar-feed`, '401 200 200 200 200 200 403 200 200'),
  'POST /api/v1/calendar-feed/rotate':            row(() => `${V}/calendar-feed/rotate`, '401 200 200 200 200 200 403 200 200'),
  // A capability address: whoever holds it reads the feed, signed in or not (docs/security.md).
  'GET /api/v1/calendar/:file':                   row((w) => w.feedPath, '200 200 200 200 200 200 200 200 200'),
  // Conversations: its two sides only; anyone else 404, staff (no participant) 403.
  'GET /api/v1/conversations':                    row(() => `${V}/conversations`, '401 200 200 200 200 200 403 200 200'),
  'GET /api/v1/conversations/:id':                row((w) => `${V}/conversations/${w.conversation}`, '401 200 404 200 404 404 403 200 404'),
  'GET /api/v1/conversations/:id/messages':       row((w) => `${V}/conversations/${w.conversation}/messages`, '401 200 404 200 404 404 403 200 404'),
  'POST /api/v1/conversations/:id/messages':      row((w) => `${V}/conversations/${w.conversation}/messages`, '401 422 422 422 422 422 403 422 422'),
  'POST /api/v1/conversations/:id/read':          row((w) => `${V}/conversations/${w.conversation}/read`, '401 204 404 204 404 404 403 204 404'),
  'POST /api/v1/conversations/:id/report':        row((w) => `${V}/conversations/${w.conversation}/report`, '401 422 422 422 422 422 403 422 422'),
  'GET /api/v1/admin/reports':                    row(() => `${V}/admin/reports`, '401 403 403 403 403 403 200 403 403'),
  'POST /api/v1/admin/conversations/:id/close':   row((w) => `${V}/admin/conversations/${w.conversation}/close`, '401 403 403 403 403 403 204 403 403'),
  'GET /api/v1/notifications':                    row(() => `${V}/notifications`, '401 200 200 200 200 200 200 200 200'),
  'POST /api/v1/notifications/read':              row(() => `${V}/notifications/read`, '401 422 422 422 422 422 422 422 422'),
  'GET /api/v1/notification-preferences':         row(() => `${V}/notification-preferences`, '401 200 200 200 200 200 200 200 200'),
  'PUT /api/v1/notification-preferences':         row(() => `${V}/notification-preferences`, '401 422 422 422 422 422 422 422 422'),
  'GET /api/v1/events':                           row(() => `${V}/events`, '401 200 200 200 200 200 200 200 200', { stream: true }),
  // Brand teams: the owner's only (manager and host 403 before the body is read); the acceptance is public.
  'GET /api/v1/brands/:id/members':               row((w) => `${V}/brands/${w.brandA.brandId}/members`, '401 403 403 200 403 403 403 403 403'),
  'POST /api/v1/brands/:id/members':              row((w) => `${V}/brands/${w.brandA.brandId}/members`, '401 403 403 422 422 422 403 403 403'),
  'PUT /api/v1/brands/:id/members/:memberId':     row((w) => `${V}/brands/${w.brandA.brandId}/members/${w.memberToDelete}`, '401 403 403 422 422 422 403 403 403'),
  'DELETE /api/v1/brands/:id/members/:memberId':  row((w) => `${V}/brands/${w.brandA.brandId}/members/${w.memberToDelete}`, '401 403 403 204 403 403 403 403 403'),
  'POST /api/v1/members/invitation':              row(() => `${V}/members/invitation`, '422 422 422 422 422 422 422 422 422'),
  'POST /api/v1/members/accept':                  row(() => `${V}/members/accept`, '422 422 422 422 422 422 422 422 422'),
  // Creator directory, invitations and the content library (issue 28): owners and managers; media users their own invitations.
  'GET /api/v1/brands/:id/creators':              row((w) => `${V}/brands/${w.brandA.brandId}/creators`, '401 403 403 200 403 403 403 200 403'),
  'POST /api/v1/campaigns/:id/invitations':       row((w) => `${V}/campaigns/${w.campaignA}/invitations`, '401 403 403 422 422 422 403 422 403'),
  'GET /api/v1/influencers/:id/invitations':      row((w) => `${V}/influencers/${w.influencer.id}/invitations`, '401 200 403 403 403 403 403 403 403'),
  'PUT /api/v1/influencers/:id/invitations/:invId': row((w) => `${V}/influencers/${w.influencer.id}/invitations/1`, '401 422 422 403 403 403 403 403 403'),
  'GET /api/v1/brands/:id/content':               row((w) => `${V}/brands/${w.brandA.brandId}/content`, '401 403 403 200 403 403 403 200 403'),
  'GET /api/v1/brands/:id/content.csv':           row((w) => `${V}/brands/${w.brandA.brandId}/content.csv`, '401 403 403 200 403 403 403 200 403'),
  'PUT /api/v1/brands/:id/content/:contentId':    row((w) => `${V}/brands/${w.brandA.brandId}/content/1`, '401 403 403 422 422 422 403 422 403'),
  // Slots that fill (issue 30): the brand's proposal (a host at the booking's location only), the media user's answer, confirmation, waitlist.
  'POST /api/v1/brands/:id/bookings/:bookingId/proposal': row((w) => `${V}/brands/${w.brandA.brandId}/bookings/${w.bookingPending}/proposal`, '401 403 403 422 422 422 403 422 422'),
  'POST /api/v1/brands/:id/bookings/:bookingId/availablehours': row((w) => `${V}/brands/${w.brandA.brandId}/bookings/${w.bookingPending}/availablehours`, '401 403 403 200 403 403 403 200 403'),
  'POST /api/v1/influencers/:id/bookings/:bookingId/proposal/accept': row((w) => `${V}/influencers/${w.influencer.id}/bookings/${w.bookingPending}/proposal/accept`, '401 422 403 403 403 403 403 403 403'),
  'POST /api/v1/influencers/:id/bookings/:bookingId/proposal/decline': row((w) => `${V}/influencers/${w.influencer.id}/bookings/${w.bookingPending}/proposal/decline`, '401 422 403 403 403 403 403 403 403'),
  'POST /api/v1/influencers/:id/bookings/:bookingId/confirm': row((w) => `${V}/influencers/${w.influencer.id}/bookings/${w.bookingPending}/confirm`, '401 422 403 403 403 403 403 403 403'),
  'POST /api/v1/influencers/:id/campaigns/:campaignId/waitlist': row((w) => `${V}/influencers/${w.influencer.id}/campaigns/${w.campaignA}/waitlist`, '401 422 422 403 403 403 403 403 403'),
  'GET /api/v1/influencers/:id/waitlist':         row((w) => `${V}/influencers/${w.influencer.id}/waitlist`, '401 200 403 403 403 403 403 403 403'),
  'DELETE /api/v1/influencers/:id/waitlist/:entryId': row((w) => `${V}/influencers/${w.influencer.id}/waitlist/999999`, '401 404 403 403 403 403 403 403 403'),
  'GET /api/v1/admin/health':                     row(() => `${V}/admin/health`, '401 403 403 403 403 403 200 403 403'),
  'GET /api/v1/admin/health.csv':                 row(() => `${V}/admin/health.csv`, '401 403 403 403 403 403 200 403 403'),
};

/** Routes that exist only in some configurations (the test clock, the built web app). */
const CONDITIONAL = new Set([
  'PUT /api/v1/testing/clock',
  'POST /api/v1/testing/push',
  'GET /',
  'GET /*',
  'POST /api/v1/webhooks/stripe',
]);

/** Tables a refused request may legitimately touch (rate-limit counters, token last use). */
const VOLATILE = new Set(['rate_limit_counters', 'access_tokens', 'jobs']);

let t: TestApp;
let w: World;
let tables: string[];

async function digest(): Promise<string> {
  const parts = tables.map(
    (name) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${name}" x)`,
  );
  const result = await t.ctx.db.execute(sql.raw(`select concat_ws(',', ${parts.join(', ')}) as d`));
  const rows = (Array.isArray(result) ? result : (result as { rows: { d: string }[] }).rows) as { d: string }[];
  return rows[0]!.d;
}

beforeAll(async () => {
  t = await createTestApp();
  const ctx = t.ctx;
  const brandA = await createBrandOwner(ctx, { name: 'Brand A' });
  const brandB = await createBrandOwner(ctx, { name: 'Brand B' });
  const noPlan = await createBrandOwner(ctx, { subscribed: false, name: 'No Plan' });
  const influencer = await createUser(ctx, { role: 'influencer', tier: 1 });
  const journalist = await createUser(ctx, { role: 'journalist', tier: 1 });
  const staff = await createUser(ctx, { role: 'staff' });
  const locationA = (await insertLocation(ctx, brandA.brandId)).id;
  const locationToDelete = (await insertLocation(ctx, brandA.brandId, 'Annex')).id;
  await insertLocation(ctx, brandB.brandId);
  const campaignA = (
    await insertCampaign(ctx, { brandId: brandA.brandId, target: ['influencer', 'journalist'] }, locationA)
  ).id;
  const reviewCampaign = (await insertCampaign(ctx, { brandId: brandA.brandId, status: 'review' }, locationA)).id;
  const draftToDelete = (await insertCampaign(ctx, { brandId: brandA.brandId, status: 'draft' }, locationA)).id;
  const photoFile = `brands/${brandA.brandId}/photos/p.png`;
  await ctx.storage.put(photoFile, Buffer.from('png'), 'image/png');
  const [photo] = await ctx.db
    .insert(photos)
    .values({ brandId: brandA.brandId, name: 'p', path: photoFile, thumbPath: photoFile })
    .returning();
  const menuPath = `brands/${brandA.brandId}/menus/m.pdf`;
  await ctx.db.insert(menus).values({ brandId: brandA.brandId, name: 'Dinner', path: menuPath, size: 10 });
  const pending = await createVisit(ctx, {
    brandId: brandA.brandId,
    userId: influencer.id,
    status: 'pending',
    withTask: false,
    visitAt: new Date(ctx.clock.now().getTime() + 3 * 86400_000),
  });
  const visit = await createVisit(ctx, { brandId: brandA.brandId, userId: influencer.id });
  const jvisit = await createVisit(ctx, { brandId: brandA.brandId, userId: journalist.id });
  const [application] = await ctx.db
    .insert(mediaApplications)
    .values({ name: 'Applicant', email: 'applicant@example.test', type: 'influencer', instagram: 'applicant' })
    .returning();
  const conversation = await ctx.db.transaction((tx) =>
    openBookingConversation(tx, { id: pending.booking.id, brandId: brandA.brandId, userId: influencer.id }),
  );
  const manager = await createBrandMember(ctx, brandA.brandId, 'manager');
  const host = await createBrandMember(ctx, brandA.brandId, 'host', [locationA]);
  const [invitation] = await ctx.db
    .insert(brandMembers)
    .values({
      brandId: brandA.brandId,
      email: 'invited@example.test',
      role: 'manager',
      expiresAt: new Date(ctx.clock.now().getTime() + 86400_000),
    })
    .returning();
  w = {
    manager,
    host,
    memberToDelete: invitation!.id,
    conversation: conversation.id,
    influencer,
    journalist,
    brandA,
    brandB,
    noPlan,
    staff,
    locationA,
    locationToDelete,
    campaignA,
    reviewCampaign,
    draftToDelete,
    photoToDelete: photo!.id,
    menuPath,
    bookingPending: pending.booking.id,
    taskInfluencer: visit.task.id,
    bookingWithTask: visit.booking.id,
    taskJournalist: jvisit.task.id,
    application: application!.id,
    photoFile,
    feedPath: new URL(await rotateFeed(ctx, (await createUser(ctx, { role: 'influencer' })).id)).pathname,
  };
  const result = await ctx.db.execute(
    sql.raw(`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { tablename: string }[] }).rows) as {
    tablename: string;
  }[];
  tables = rows.map((r) => r.tablename).filter((n) => !VOLATILE.has(n) && !n.startsWith('__'));
});
afterAll(async () => t.close());

describe('a removed team member', () => {
  it("answers 401 on the member's next request", async () => {
    const brand = await createBrandOwner(t.ctx, { name: 'Short Team' });
    const member = await createBrandMember(t.ctx, brand.brandId, 'manager');
    expect((await t.app.inject({ url: `${V}/brands/${brand.brandId}`, headers: member.headers })).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${V}/brands/${brand.brandId}/members/${member.memberId}`,
      headers: brand.headers,
    });
    expect(removed.statusCode).toBe(204);
    for (const url of [`${V}/brands/${brand.brandId}`, `${V}/profile`, `${V}/brands/${brand.brandId}/bookings`]) {
      expect((await t.app.inject({ url, headers: member.headers })).statusCode, url).toBe(401);
    }
  });
});

function headersOf(who: Who): Record<string, string> {
  return who === 'anon' ? {} : w[who].headers;
}

describe('route x role authorization matrix', () => {
  it('has a row for every registered route (add one line to MATRIX for a new route)', () => {
    const missing = t.app.registeredRoutes.filter((r) => !MATRIX[r] && !CONDITIONAL.has(r));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    const stale = Object.keys(MATRIX).filter((r) => !t.app.registeredRoutes.includes(r));
    expect(stale, 'rows for routes that are not registered').toEqual([]);
  });

  // Logout revokes the caller's token: it runs last.
  const keys = Object.keys(MATRIX).sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
  for (const key of keys) {
    const entry = MATRIX[key]!;
    const [method] = key.split(' ') as [string];
    it(key, async () => {
      const expected = entry.expect.split(/\s+/).map(Number);
      const actual: number[] = [];
      for (const [i, who] of WHO.entries()) {
        const isWrite = method !== 'GET';
        const body = entry.multipart
          ? multipart([{ name: 'note', value: 'x' }])
          : isWrite
            ? { payload: {}, headers: {} as Record<string, string> }
            : { payload: undefined, headers: {} };
        const refused = expected[i]! >= 400 && expected[i] !== 422;
        const before = isWrite && refused ? await digest() : '';
        const res = await t.app.inject({
          method: method as 'GET',
          url: entry.url(w),
          payload: body.payload,
          headers: { ...body.headers, ...headersOf(who) },
          // A stream that was let in would never end: its answer is read as a stream, then hung up.
          ...(entry.stream ? { payloadAsStream: true } : {}),
        });
        if (entry.stream) (res.raw.res as { destroy(): void }).destroy();
        actual.push(res.statusCode);
        if (isWrite && refused && res.statusCode === expected[i]) {
          expect(await digest(), `${key} as ${who} changed the database`).toBe(before);
        }
      }
      if (process.env.MATRIX_OBSERVE) console.log(`MATRIX ${key} => ${actual.join(' ')}`);
      expect(actual.join(' '), `${key}: ${WHO.join(' ')}`).toBe(expected.join(' '));
    });
  }
});
