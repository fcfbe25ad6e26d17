/** Business constants and limits of spec sections 5 and 9, defined once. */

/** A US ZIP code: five digits (`MSG.zipCodeFormat`). For the forms, the routes and the filter fields. */
export const ZIP_CODE = /^\d{5}$/;

export const LIMITS = {
  name: 50,
  bio: 250,
  location: 15,
  socialHandle: 50,
  streetAddress: 100,
  email: 100,
  zip: 5,
  phone: 15,
  contactPerson: 50,
  affiliation: 250,
  /** Not given by the spec: generous bounds so nothing unbounded reaches the database. */
  password: 128,
  url: 2048,
  brandDescription: 1000,
  campaignName: 50,
  campaignDescription: 500,
  menuName: 100,
  passwordMin: 6,
  imageBytes: 10 * 1024 * 1024,
  menuBytes: 10 * 1024 * 1024,
  imageHintMb: 5,
  galleryPhotos: 5,
  maxLocations: 3,
  keyPlayerSlots: 4,
  pageSize: 10,
  maxPageSize: 50,
  requestTimeoutMs: 10_000,
  snackbarMs: 4_000,
  cancelWindowHours: 24,
  finishAfterVisitHours: 12,
  tierMin: 1,
  tierMax: 4,
  maxGuestsMin: 1,
  maxGuestsMax: 4,
  maxGuestsDefault: 2,
  compensationDefault: 25,
  maxBookingsPerWeekDefault: 1,
  maxBookingsPerWeekMax: 50,
  postsMax: 3,
  storiesMax: 3,
  ratingMin: 1,
  ratingMax: 5,
  /** A brand's review of a visit it rated (POST bookings/{id}/rate_influencer). */
  reviewMax: 1000,
  journalistExperienceRating: 5,
  campaignDefaultLifetimeDays: 30,
  /** Without an end date, a launch or an opening is bookable on its day and the day after (spec section 5). */
  bookingDaysAfterStartWithoutEndDate: 1,
  /** Decoded size bound of an uploaded image (decompression bombs): 40 megapixels. */
  imagePixels: 40_000_000,
  /**
   * An uploaded SVG, before it is drawn (issue 24): elements as written, and elements drawn once
   * every <use> and url(#...) reference is expanded (ten <use> of ten <use> ... multiply).
   */
  svgElements: 2_000,
  svgDrawnElements: 5_000,
  /** How deeply a JSON body (or a JSON text part) may nest before it is refused unread. */
  jsonDepth: 32,
  /** Largest id a database row can have (PostgreSQL integer): a larger id is a 404, never a 500. */
  idMax: 2_147_483_647,
  /** Brand teams: members (invited or active) per brand, besides the owner. */
  brandMembers: 10,
  /** Days an invitation to a brand's team stays valid. */
  memberInvitationDays: 7,
} as const;

export const COMPENSATION_OPTIONS = [25, 50, 75, 100, 150, 200, 250, 300, 400, 500] as const;

export const RATING_LABELS = ['Very Bad', 'Bad', 'Ok', 'Good', 'Very Good'] as const;

export const SUPPORT_EMAIL = 'support@comped.app';
export const COPYRIGHT = '© 2021 Comped';

/** Slots that fill (issue 30, decisions.md round 3 "Comp terms and slots that fill"): their limits. */
export const SLOT_RULES = {
  includesMax: 10,
  includesLineMax: 80,
  allowanceMax: 10000,
  proposalNoteMax: 500,
  /** A freed place is held for the first waiting user this long. */
  holdHours: 2,
  /** The media user may confirm from this long before the visit. */
  confirmFromHours: 24,
  /** The brand sees "Not confirmed" from this long before the visit. */
  notConfirmedFromHours: 3,
  /** `GET admin/health`: at most this many weeks. */
  healthMaxWeeks: 53,
} as const;
