import type { GuestPolicy } from './validation/slots';

/** How a policy reads to people. */
export function guestPolicyLabel(policy: GuestPolicy | null | undefined, maxGuests: number): string | null {
  if (policy === 'none') return 'No guests: the visit is for you alone.';
  if (policy === 'optional') return `Guests optional, up to ${maxGuests}.`;
  if (policy === 'required') return `Bring ${maxGuests <= 1 ? '1 guest' : `1 to ${maxGuests} guests`}.`;
  return null;
}
