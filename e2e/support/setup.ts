/**
 * Set-up through the public API, shared by the specs: paying brands, locations, campaigns, approved media
 * users, bookings, and signing a browser page in. The shapes of these answers are checked by the API tests;
 * here every call only has to succeed.
 */
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { expect } from '@playwright/test';

import { apiLogin, bearer, deliveredSecret, STAFF, uniqueEmail, waitForMail } from './api';

/** A 40x24 PNG (the server re-encodes it and makes the card variant). */
export const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAYCAIAAAAH5iiXAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAN0lEQVRIiWO46cE/IIhh1GKP0aC+OZq4+Eezk8doAXJztMjkH60kPEarRf7RatFjtFq8OdSrRQBr8nQ9Nu/AdgAAAABJRU5ErkJggg==',
  'base64',
);

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** The date `offset` days from today (UTC), as YYYY-MM-DD. */
export function dayFromToday(offset: number): string {
  return dayFromTodayIn(offset, 'UTC');
}

/**
 * `offset` days after today in `timeZone` (YYYY-MM-DD): for what a location shows by its own day
 * (the door's "today or tomorrow"), which runs behind UTC's for a few hours every night.
 */
export function dayFromTodayIn(offset: number, timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** Loosely typed JSON of the API (the tests assert the fields they read). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** Asserts that the call succeeded (the message names URL, status and body) and returns its JSON. */
export async function expectOk<T = Json>(res: APIResponse): Promise<T> {
  expect(res.ok(), `${res.url()} ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** The signed-in user as GET /profile returns it (and as the web app keeps it in its session). */
export interface SessionUser {
  id: number;
  name: string;
  profile: { brands: { id: number }[] };
}

/** A user signed in through the API. */
export interface Account {
  token: string;
  user: SessionUser;
  email: string;
}

/** GET /profile for `token`. */
export async function fetchSessionUser(request: APIRequestContext, token: string): Promise<SessionUser> {
  return (await expectOk<{ data: SessionUser }>(await request.get('/api/v1/profile', { headers: bearer(token) }))).data;
}

/** A bearer token for the staff user. */
export function staffToken(request: APIRequestContext): Promise<string> {
  return apiLogin(request, STAFF.email, STAFF.password);
}

/** The staff user, signed in through the API. */
export async function staffAccount(request: APIRequestContext): Promise<Account> {
  const token = await staffToken(request);
  return { token, user: await fetchSessionUser(request, token), email: STAFF.email };
}

/** Puts the account's session in localStorage before any page script runs: the page opens signed in. */
export async function signIn(page: Page, account: Pick<Account, 'token' | 'user'>): Promise<void> {
  await page.addInitScript(
    (session) => {
      localStorage.setItem('comped.session', JSON.stringify(session));
    },
    { token: account.token, user: account.user },
  );
}

/** Signs in through the /login form (no check of where it lands). */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Types a YYYY-MM-DD date into the MUI date field labelled `label`. */
export async function fillDate(page: Page, label: string, yyyymmdd: string): Promise<void> {
  const [y, m, d] = yyyymmdd.split('-');
  const group = page.getByRole('group', { name: label });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${m}${d}${y}`);
}

/** What POST /registerbrand is sent; the e-mail address is made unique from `emailPrefix`. */
export interface BrandSignup {
  emailPrefix: string;
  name: string;
  address: string;
  /** Default 'secret-password'. */
  password?: string;
  /** Default '5551234567'. */
  phones?: string;
  /** Default '10001'. */
  zip?: string;
}

/** A brand signed up through POST /registerbrand, without a plan. */
export async function registerBrand(
  request: APIRequestContext,
  signup: BrandSignup,
): Promise<{ token: string; email: string }> {
  const email = uniqueEmail(signup.emailPrefix);
  const reg = await expectOk<{ access_token: string }>(
    await request.post('/api/v1/registerbrand', {
      data: {
        name: signup.name,
        email,
        address: signup.address,
        password: signup.password ?? 'secret-password',
        phones: signup.phones ?? '5551234567',
        zip: signup.zip ?? '10001',
      },
    }),
  );
  return { token: reg.access_token, email };
}

/** The test card a paying brand subscribes with. */
export interface TestCard {
  cardholder_name: string;
  number: string;
}

/** A brand with a plan, and its (first) brand id. */
export interface PayingBrand {
  account: Account;
  brandId: number;
}

/** A paying brand and its one location. */
export interface BrandWithLocation extends PayingBrand {
  locationId: number;
}

/** Subscribes the brand to the first plan, paying with a test card. */
async function subscribe(request: APIRequestContext, token: string, card: TestCard): Promise<void> {
  const headers = bearer(token);
  const plan = (
    await expectOk<{ data: { id: number }[] }>(await request.get('/api/v1/subscriptions/products', { headers }))
  ).data[0]!;
  const pm = await expectOk<{ data: { id: string } }>(
    await request.post('/api/v1/payment-methods', {
      headers,
      data: { ...card, exp_month: 12, exp_year: 2035, cvc: '123' },
    }),
  );
  await expectOk(
    await request.post('/api/v1/subscriptions', {
      headers,
      data: { selected_plan: plan.id, payment_method: pm.data.id },
    }),
  );
}

async function payingBrandAccount(request: APIRequestContext, token: string, email: string): Promise<PayingBrand> {
  const user = await fetchSessionUser(request, token);
  return { account: { token, user, email }, brandId: user.profile.brands[0]!.id };
}

/** Options of a paying brand: its sign-up and, by default, Pat Owner's Visa test card. */
export interface PayingBrandOptions extends BrandSignup {
  card?: TestCard;
}

const PAT_OWNER_VISA: TestCard = { cardholder_name: 'Pat Owner', number: '4242424242424242' };

/** A brand signed up and subscribed through the public API, as a real brand would, without locations. */
export async function payingBrand(request: APIRequestContext, options: PayingBrandOptions): Promise<PayingBrand> {
  const { token, email } = await registerBrand(request, options);
  await subscribe(request, token, options.card ?? PAT_OWNER_VISA);
  return payingBrandAccount(request, token, email);
}

/** A brand location for POST /locations. */
export interface LocationFields {
  name: string;
  address: string;
  email: string;
  /** Default '5557654321'. */
  phone?: string;
  /** Default 'Sam'. */
  contact?: string;
  /** Default: open 09:00-22:00 every day. */
  hours?: { day: string; start_time: string; end_time: string }[];
}

/** Adds a location to the brand of `token`; returns its id. */
export async function addLocation(
  request: APIRequestContext,
  token: string,
  location: LocationFields,
): Promise<number> {
  const created = await expectOk<{ data: { id: number } }>(
    await request.post('/api/v1/locations', {
      headers: bearer(token),
      data: {
        name: location.name,
        address: location.address,
        email: location.email,
        phone: location.phone ?? '5557654321',
        contact: location.contact ?? 'Sam',
        hours: location.hours ?? WEEK.map((d) => ({ day: d, start_time: '09:00', end_time: '22:00' })),
      },
    }),
  );
  return created.data.id;
}

/** A paying brand (see payingBrand) with one location. */
export async function payingBrandWithLocation(
  request: APIRequestContext,
  options: PayingBrandOptions & { location: LocationFields },
): Promise<BrandWithLocation> {
  const { token, email } = await registerBrand(request, options);
  await subscribe(request, token, options.card ?? PAT_OWNER_VISA);
  const locationId = await addLocation(request, token, options.location);
  return { ...(await payingBrandAccount(request, token, email)), locationId };
}

export type MediaType = 'influencer' | 'journalist';

/** A campaign's own fields; the brand, category 4, the dates (today to 30 days on), location and photo are filled in. */
export interface CampaignFields {
  name: string;
  description: string;
  target: MediaType[];
  tier_range_influencer?: [number, number];
  tier_range_journalist?: [number, number];
  booking: { compensation: number; max_bookings_per_week: number; max_guests: number };
  influencer_instructions?: {
    posts_required: number;
    stories_required: number;
    tagging_required: boolean;
    geotag_required: boolean;
    hashtags: string[];
  };
  /** What the brand may do with the content, and for how long (issue 28). */
  usage_rights?: { organic: boolean; ads: boolean; website: boolean; days: number | null; until: string | null };
  /** Default 30 days from today; null: none (visits on the launch day and the day after). */
  end_date?: string | null;
}

/** Creates the campaign at the brand's location (multipart POST /campaigns) and submits it for review. */
export async function submittedCampaign(
  request: APIRequestContext,
  brand: BrandWithLocation,
  fields: CampaignFields,
): Promise<number> {
  const headers = bearer(brand.account.token);
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    name: fields.name,
    description: fields.description,
    brand_id: String(brand.brandId),
    category_id: '4',
    launch_date: dayFromToday(0),
    target: JSON.stringify(fields.target),
  };
  if (fields.end_date !== null) multipart.end_date = fields.end_date ?? dayFromToday(30);
  if (fields.tier_range_influencer) multipart.tier_range_influencer = JSON.stringify(fields.tier_range_influencer);
  if (fields.tier_range_journalist) multipart.tier_range_journalist = JSON.stringify(fields.tier_range_journalist);
  multipart.locations = JSON.stringify([brand.locationId]);
  multipart.booking = JSON.stringify(fields.booking);
  if (fields.influencer_instructions) {
    multipart.influencer_instructions = JSON.stringify(fields.influencer_instructions);
  }
  if (fields.usage_rights) multipart.usage_rights = JSON.stringify(fields.usage_rights);
  multipart['featured_photos[]'] = { name: 'dish.png', mimeType: 'image/png', buffer: PHOTO_PNG };
  const created = await expectOk<{ data: { id: number } }>(
    await request.post('/api/v1/campaigns', { headers, multipart }),
  );
  const id = created.data.id;
  await expectOk(await request.post(`/api/v1/campaigns/${id}`, { headers, data: { status: 'review' } }));
  return id;
}

/** Staff approve a campaign that is in review. */
export async function approveCampaign(request: APIRequestContext, campaignId: number): Promise<void> {
  const staff = await staffToken(request);
  await expectOk(await request.post(`/api/v1/admin/campaigns/${campaignId}/approve`, { headers: bearer(staff) }));
}

/** A campaign submitted (see submittedCampaign) and approved by staff: live for the media users it targets. */
export async function approvedCampaign(
  request: APIRequestContext,
  brand: BrandWithLocation,
  fields: CampaignFields,
): Promise<number> {
  const id = await submittedCampaign(request, brand, fields);
  await approveCampaign(request, id);
  return id;
}

/** A media application (POST /influencers); the e-mail address is made unique from `emailPrefix`. */
export interface MediaUserOptions {
  emailPrefix: string;
  type: MediaType;
  name: string;
  instagram: string;
  /** Journalists only: where they work and two press links. */
  press?: { workplace: string; press1: string; press2: string };
  /** The tier staff approve with; default 1. */
  tier?: number;
  /** The password the user sets in place of the mailed one; default 'media-password'. */
  password?: string;
}

/**
 * A media user who applied, was approved by staff (who set the tier), signed in with the mailed credentials
 * and set their own password.
 */
export async function approvedMediaUser(request: APIRequestContext, options: MediaUserOptions): Promise<Account> {
  const email = uniqueEmail(options.emailPrefix);
  const applied = await expectOk<{ data: { id: number } }>(
    await request.post('/api/v1/influencers', {
      data: { name: options.name, email, type: options.type, instagram: options.instagram, ...options.press },
    }),
  );
  const staff = await staffToken(request);
  await expectOk(
    await request.post(`/api/v1/admin/applications/${applied.data.id}/approve`, {
      headers: bearer(staff),
      data: { tier: options.tier ?? 1 },
    }),
  );
  await waitForMail(request, email, /credentials/);
  // The Outbox masks the initial password; the delivered .eml holds it.
  const mailed = await deliveredSecret(email, /credentials/, 'Password');
  const first = await apiLogin(request, email, mailed);
  const password = options.password ?? 'media-password';
  await expectOk(
    await request.put('/api/v1/profile', {
      headers: bearer(first),
      data: { password, password_confirmation: password },
    }),
  );
  const token = await apiLogin(request, email, password);
  return { token, user: await fetchSessionUser(request, token), email };
}

/** A visit the media user books and the brand must answer (POST /bookings); returns its id. */
export interface VisitRequest {
  brand: BrandWithLocation;
  campaignId: number;
  media: Account;
  date: string;
  time: string;
  guests: number;
}

/** A booking request (POST /bookings) the brand has not answered yet; returns its id. */
export async function pendingBooking(request: APIRequestContext, visit: VisitRequest): Promise<number> {
  const booking = await expectOk<{ data: { id: number } }>(
    await request.post('/api/v1/bookings', {
      headers: bearer(visit.media.token),
      data: {
        campaign_id: visit.campaignId,
        location_id: visit.brand.locationId,
        booking_date: visit.date,
        booking_time: visit.time,
        guests: visit.guests,
      },
    }),
  );
  return booking.data.id;
}

/** A visit the media user requests (POST /bookings) and the brand accepts; returns the booking id. */
export async function acceptedBooking(request: APIRequestContext, visit: VisitRequest): Promise<number> {
  const id = await pendingBooking(request, visit);
  await expectOk(
    await request.put(`/api/v1/brands/${visit.brand.brandId}/bookings/${id}`, {
      headers: bearer(visit.brand.account.token),
      data: { status: 'accepted' },
    }),
  );
  return id;
}

/** A paying brand with one location and a campaign there, approved by staff. */
export interface BrandWithCampaign extends BrandWithLocation {
  campaignId: number;
}

/** A paying brand (see payingBrandWithLocation) with an approved campaign (see approvedCampaign). */
export async function brandWithApprovedCampaign(
  request: APIRequestContext,
  options: PayingBrandOptions & { location: LocationFields; campaign: CampaignFields },
): Promise<BrandWithCampaign> {
  const brand = await payingBrandWithLocation(request, options);
  return { ...brand, campaignId: await approvedCampaign(request, brand, options.campaign) };
}
