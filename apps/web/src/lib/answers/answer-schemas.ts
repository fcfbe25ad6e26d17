import {
  analyticsResponseSchema,
  mediaApplicationReceiptSchema,
  mediaApplicationResourceSchema,
  outboxEntrySchema,
  weekAvailabilitySchema,
} from '@comped/shared/schemas/admin';
import {
  conversationAnswerSchema,
  conversationListSchema,
  conversationReportSchema,
  messagePageSchema,
  messageResourceSchema,
} from '@comped/shared/schemas/conversations';
import { calendarFeedResourceSchema, pushKeyResourceSchema } from '@comped/shared/schemas/devices';
import {
  contentItemResourceSchema,
  createdInvitationSchema,
  creatorResourceSchema,
  invitationResourceSchema,
} from '@comped/shared/schemas/directory';
import { dataOf, messageResponseSchema, pagedOf } from '@comped/shared/schemas/envelopes';
import { insightsResponseSchema } from '@comped/shared/schemas/insights';
import { contactBrandSentSchema, experienceRatingResourceSchema } from '@comped/shared/schemas/media';
import {
  messageEventSchema,
  notificationEventSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  readEventSchema,
} from '@comped/shared/schemas/notifications';
import { paymentMethodCreatedSchema } from '@comped/shared/schemas/payment-methods';
import {
  bookingResourceSchema,
  brandResourceSchema,
  campaignResourceSchema,
  fileRefSchema,
  locationResourceSchema,
  mediaProfileResourceSchema,
  productsResponseSchema,
  taskResourceSchema,
} from '@comped/shared/schemas/resources';
import { loginResponseSchema, sessionUserSchema } from '@comped/shared/schemas/session';
import { healthReportSchema, waitlistEntryResourceSchema } from '@comped/shared/schemas/slots';
import {
  subscriptionCheckoutResourceSchema,
  subscriptionPaymentResourceSchema,
} from '@comped/shared/schemas/subscription-payments';
import { memberInvitationResourceSchema, memberResourceSchema } from '@comped/shared/validation/members';
import { z } from 'zod';

/**
 * Every answer the web app reads, by name: the shared schemas (packages/shared/src/schemas) in their
 * envelopes, as the API declares them (ADR 011). A fetcher names its answer
 * (`apiParse(path, 'bookingPage')`) and takes its type from here with `import type`, so this module,
 * zod and the schemas load only where answers are checked: development, the tests and the
 * end-to-end runs, never in a user's first download (ADR 028).
 */
export const answerSchemas = {
  analytics: analyticsResponseSchema,
  application: dataOf(mediaApplicationResourceSchema),
  applicationPage: pagedOf(mediaApplicationResourceSchema),
  applicationReceipt: dataOf(mediaApplicationReceiptSchema),
  booking: dataOf(bookingResourceSchema),
  bookingPage: pagedOf(bookingResourceSchema),
  brand: dataOf(brandResourceSchema),
  calendarFeed: dataOf(calendarFeedResourceSchema),
  campaign: dataOf(campaignResourceSchema),
  campaignPage: pagedOf(campaignResourceSchema),
  contactBrandSent: dataOf(contactBrandSentSchema),
  contentItem: dataOf(contentItemResourceSchema),
  contentPage: pagedOf(contentItemResourceSchema),
  conversation: conversationAnswerSchema,
  conversationPage: conversationListSchema,
  createdInvitations: dataOf(z.array(createdInvitationSchema)),
  creatorPage: pagedOf(creatorResourceSchema),
  experienceRating: dataOf(experienceRatingResourceSchema),
  healthReport: dataOf(healthReportSchema),
  insights: insightsResponseSchema,
  invitation: dataOf(invitationResourceSchema),
  invitations: dataOf(z.array(invitationResourceSchema)),
  location: dataOf(locationResourceSchema),
  locations: dataOf(z.array(locationResourceSchema)),
  login: loginResponseSchema,
  mediaProfile: dataOf(mediaProfileResourceSchema),
  member: dataOf(memberResourceSchema),
  memberInvitation: dataOf(memberInvitationResourceSchema),
  members: dataOf(z.array(memberResourceSchema)),
  message: dataOf(messageResourceSchema),
  messagePage: messagePageSchema,
  /** A 204: `api()` reads the empty body as null. */
  noContent: z.null(),
  notificationPage: notificationListSchema,
  notificationPreferences: dataOf(notificationPreferencesSchema),
  outboxPage: pagedOf(outboxEntrySchema),
  paymentMethod: dataOf(paymentMethodCreatedSchema),
  photo: dataOf(fileRefSchema),
  products: productsResponseSchema,
  profile: dataOf(sessionUserSchema),
  pushKey: dataOf(pushKeyResourceSchema),
  reportPage: pagedOf(conversationReportSchema),
  /** `{ message }` alone (POST resetpassword). */
  statusMessage: messageResponseSchema,
  subscriptionCheckout: dataOf(subscriptionCheckoutResourceSchema),
  subscriptionPayment: dataOf(subscriptionPaymentResourceSchema),
  task: dataOf(taskResourceSchema),
  taskPage: pagedOf(taskResourceSchema),
  waitlist: dataOf(z.array(waitlistEntryResourceSchema)),
  waitlistEntry: dataOf(waitlistEntryResourceSchema),
  weekAvailability: dataOf(weekAvailabilitySchema),
  /** The live events' frames (GET events). */
  messageEvent: messageEventSchema,
  notificationEvent: notificationEventSchema,
  readEvent: readEventSchema,
};

export type AnswerName = keyof typeof answerSchemas;
/** What the answer named `N` holds once read (the schema's output). */
export type Answer<N extends AnswerName> = z.output<(typeof answerSchemas)[N]>;
