/** Every user-facing text that the spec fixes. Use these constants; never retype the words. */
export const MSG = {
  required: 'This field is required.',
  requiredNoDot: 'This field is required',
  zipNumber: 'Zip code must be a number.',
  passwordsMatch: 'Passwords must match.',
  passwordMin: 'The password must be at least six characters.',
  invalidEmail: 'The email must be a valid email address.',
  incorrectLogin: 'Incorrect email or password.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many attempts. Please try again later.',
  serverError: 'Sorry, something went wrong.',
  validationFailed: 'The given data was invalid.',
  subscriptionRequired: 'An active subscription is required.',
  emailTaken: 'The email has already been taken.',
  applicationPending: 'An application with this email is already under review.',
  imageTooLarge: 'The image you are trying to upload exceeds 10MB',
  photosHint: 'Please, try uploading pictures smaller than 5MB',
  atLeastOneImage: 'Please add at least one image',
  keyPlayersIncomplete: 'Please fill out all fields for key players',
  atLeastOneLocation: 'At least, one location is required.',
  maxBookingsHint: 'Max of 50',
  campaignSubmitted: 'Your campaign has been sent successfully for review.',
  locationRequired: 'The location field is required.',
  selectDayAndTime: 'Please select an available day and time.',
  firstSelectLocation: 'First select a location above.',
  noAvailability: 'No availability. Try another day.',
  alreadyBooked: "Hold Up, Looks like you've already booked this campaign",
  moreDetailsNeeded: 'We need a few more details from you',
  invalidPostUrl: 'Please enter a valid URL (e.g. an Instagram post link)',
  cardholderIncomplete: 'The cardholder name is incomplete.',
  // Snackbars and list texts (spec section 8)
  menuSaveFailed: "Sorry, we couldn't save the menu",
  photosSaveFailed: "Sorry, we couldn't save the photos",
  locationSaveFailed: "Sorry, we couldn't save the location",
  locationDeleteFailed: "Sorry, we couldn't delete the location",
  saveFailed: "Sorry, we couldn't save this",
  removeFailed: "Sorry, we couldn't remove it",
  somethingWrong: 'Sorry, something went wrong',
  somethingWrongDot: 'Sorry, something went wrong.',
  errorFetchingCampaigns: 'Error fetching campaigns.',
  errorSendingMessage: 'Error sending message.',
  unableCampaigns: 'Error: Unable to retrieve campaigns.',
  unableTasks: 'Error: Unable to retrieve tasks.',
  noTasks: 'No tasks here.',
  noBookings: 'No bookings yet.',
  bookingUpdated: 'Great! The booking was updated',
  brandUpdated: 'The brand was updated',
  locationUpdated: 'The location was updated',
  profileUpdated: 'Profile updated!',
  settingsUpdated: 'Settings updated!',
  maxLocationsReached: 'A brand can have at most 3 locations.',
  missingLocationsTitle: 'Missing locations',
  // Dialogs
  excitingTimes: 'Exciting Times',
  houston: 'Houston, we have a problem',
  houstonText: 'Something went wrong. Please contact support.',
  resetSuccess: 'Success! We sent you an email with a temporary password.',
} as const;

export function maxChars(n: number): string {
  return `${n} characters max`;
}

export function tooLong(n: number): string {
  return `This field may not be greater than ${n} characters.`;
}
