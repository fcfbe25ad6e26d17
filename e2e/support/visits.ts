/**
 * Set-up for the visit specs (check-in, no-show, insights) through the public API: the bookings as each
 * side sees them, a booking request left pending, a check-in and a no-show done by the brand. The UI
 * does these in the specs that prove them; these helpers only build the world around them.
 */
import type { APIRequestContext } from '@playwright/test';

import { bearer } from './api';
import type { Account, BrandWithLocation, Json } from './setup';
import { expectOk } from './setup';

const HOUR = 3600_000;

/** One booking of the brand's lists (GET brands/{id}/bookings), as the brand sees it. */
export async function brandBooking(
  request: APIRequestContext,
  brand: BrandWithLocation,
  bookingId: number,
): Promise<Json> {
  const res = await expectOk(
    await request.get(`/api/v1/brands/${brand.brandId}/bookings?page[size]=50`, {
      headers: bearer(brand.account.token),
    }),
  );
  const booking = (res.data as { id: number }[]).find((b) => b.id === bookingId);
  if (!booking) throw new Error(`booking ${bookingId} is not in the brand's list`);
  return booking;
}

/** One booking of the media user's lists (GET influencers/{id}/bookings), with its check-in code. */
export async function mediaBooking(request: APIRequestContext, media: Account, bookingId: number): Promise<Json> {
  const res = await expectOk(
    await request.get(`/api/v1/influencers/${media.user.id}/bookings?page[size]=50`, {
      headers: bearer(media.token),
    }),
  );
  const booking = (res.data as { id: number }[]).find((b) => b.id === bookingId);
  if (!booking) throw new Error(`booking ${bookingId} is not in the media user's list`);
  return booking;
}

/**
 * The instant of an accepted visit (its date and time at the location's zone): check-in opens 2 hours
 * before it (decisions.md), and the booking says when.
 */
export async function visitInstant(
  request: APIRequestContext,
  brand: BrandWithLocation,
  bookingId: number,
): Promise<Date> {
  const booking = await brandBooking(request, brand, bookingId);
  if (!booking.check_in_opens_at) throw new Error(`booking ${bookingId} has no check-in window`);
  return new Date(new Date(booking.check_in_opens_at as string).getTime() + 2 * HOUR);
}

/** `instant` moved by `minutes`. */
export function plusMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000);
}

/** The brand checks the guest in with the code of the guest's booking (the clock must be in the window). */
export async function checkInThroughApi(
  request: APIRequestContext,
  brand: BrandWithLocation,
  media: Account,
  bookingId: number,
): Promise<void> {
  const { check_in_code: code } = await mediaBooking(request, media, bookingId);
  await expectOk(
    await request.post(`/api/v1/brands/${brand.brandId}/bookings/${bookingId}/checkin`, {
      headers: bearer(brand.account.token),
      data: { code },
    }),
  );
}

/** The brand marks an accepted visit as a no-show (from 2 hours after the visit time). */
export async function noShowThroughApi(
  request: APIRequestContext,
  brand: BrandWithLocation,
  bookingId: number,
): Promise<void> {
  await expectOk(
    await request.put(`/api/v1/brands/${brand.brandId}/bookings/${bookingId}`, {
      headers: bearer(brand.account.token),
      data: { status: 'no_show' },
    }),
  );
}
