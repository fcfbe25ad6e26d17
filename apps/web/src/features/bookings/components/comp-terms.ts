import { guestPolicyLabel } from '@comped/shared/guest-policy';
import { LIMITS } from '@comped/shared/limits';
import type { BookingResource } from '@comped/shared/schemas/resources';

import { formatUsd } from './format';

/**
 * What the comp includes, as the visit pass lists it: the campaign's compensation and its tip today.
 * The comp terms of decisions.md ("Comp terms and slots that fill": `includes`, `allowance`,
 * `guest_policy`) join here when the booking carries them; the pass renders every line this gives.
 */
export interface CompTerms {
  /** Short lines of what is covered ("Tasting menu for two"). */
  includes: string[];
  /** Compensation, or an allowance cap: "$25". */
  value: { label: string; amount: string } | null;
  /** Whether guests may or must come, when the campaign says. */
  guests: string | null;
  /** "Ask for Sam": anything that makes the visit go smoothly. */
  tip: string | null;
}

export function compTermsOf(booking: BookingResource): CompTerms {
  const comp = booking.campaign.type.booking;
  const amount = formatUsd(comp?.compensation);
  const allowance = comp?.allowance ? formatUsd(comp.allowance) : null;
  return {
    includes: comp?.includes ?? [],
    value: allowance
      ? { label: 'Allowance, up to', amount: allowance }
      : amount
        ? { label: 'Compensation', amount }
        : null,
    guests: guestPolicyLabel(comp?.guest_policy, comp?.max_guests ?? LIMITS.maxGuestsDefault),
    tip: comp?.tip?.trim() || null,
  };
}
