import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { bookingChoiceParams, paths, type BookingChoice } from '@/config/paths';

/** How 'Prenota di nuovo' opens Prenota: the address carries the choice, this state says it is a rebooking. */
export const rebookState = { rebook: true } as const;

const isRebook = (state: unknown) =>
  typeof state === 'object' && state !== null && 'rebook' in state && state.rebook === true;

const isPart = (part: unknown): part is { treatmentId: string; operatorId: string } =>
  typeof part === 'object' &&
  part !== null &&
  'treatmentId' in part &&
  typeof part.treatmentId === 'string' &&
  'operatorId' in part &&
  typeof part.operatorId === 'string';

/** A rebooked visit's treatments after the first, with their operators, as 'Prenota di nuovo' left them. */
const rebookParts = (state: unknown) =>
  typeof state === 'object' && state !== null && 'addedParts' in state && Array.isArray(state.addedParts)
    ? state.addedParts.filter(isPart)
    : [];

/**
 * Prenota's choices read from and written to its address: each choice is a history entry, so Back steps
 * back through them and a reload or a shared link opens the same step.
 */
export function useBookingAddress() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const read = (field: keyof typeof bookingChoiceParams) =>
    searchParams.get(bookingChoiceParams[field]) ?? '';
  const inAddress = {
    treatmentId: read('treatmentId'),
    operatorId: read('operatorId'),
    date: read('date'),
    time: read('time'),
  };
  // The router commits an address change in a transition: the choice shows at once, until it is there.
  const [chosenHere, setChosenHere] = useState<{ at: string; choice: typeof inAddress } | null>(null);
  const choice = chosenHere?.at === location.key ? chosenHere.choice : inAddress;
  const choose = (next: BookingChoice, { replace = false } = {}) => {
    setChosenHere({
      at: location.key,
      choice: { treatmentId: '', operatorId: '', date: '', time: '', ...next },
    });
    void navigate(paths.client.prenota.href(next), { replace, preventScrollReset: true });
  };
  const rebook = isRebook(location.state);
  return {
    choice,
    choose,
    rebook,
    /** The rebooking this address comes from (its history entry), to take its added parts once. */
    rebookKey: rebook ? location.key : '',
    rebookParts: rebook ? rebookParts(location.state) : [],
  };
}
