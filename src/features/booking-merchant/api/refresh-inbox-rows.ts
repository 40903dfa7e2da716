import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  listMerchantReservationsPage,
  type InboxPage,
  type InboxSection,
} from '@/features/booking-merchant/api/list-merchant-reservations';
import { keepPendingCount } from '@/features/booking-merchant/api/pending-count';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';

/** The inbox's pages, one infinite query per section. */
const inboxKey = [...reservationsKey, 'inbox'] as const;

type InboxData = InfiniteData<InboxPage, string | null>;

/** A reservation that changed: its id, and its start when known (where it now sorts in a section). */
interface ChangedReservation {
  id: string;
  startsAt?: string | null;
}

interface SortKey {
  id: string;
  startsAt: string;
}

/** Whether `a` is shown before `b`, or is `b`: history latest first, the other sections soonest first. */
function sortsNoLaterThan(section: InboxSection, a: SortKey, b: SortKey): boolean {
  const [startA, startB] = [Date.parse(a.startsAt), Date.parse(b.startsAt)];
  if (startA !== startB) return section === 'history' ? startA > startB : startA < startB;
  return a.id <= b.id;
}

/**
 * The loaded pages the change can touch: those showing the reservation, and the one its start falls in;
 * every page of the requests to answer.
 */
function affectedPages(data: InboxData, section: InboxSection, changed: ChangedReservation): number[] {
  // Any confirmation or cancellation can take or free the slot of any open request ("slot_taken"): the
  // requests to answer, a short list, are all read again.
  if (section === 'to_answer') return data.pages.map((_, index) => index);
  const pages = new Set<number>();
  data.pages.forEach((page, index) => {
    if (page.reservations.some((row) => row.id === changed.id)) pages.add(index);
  });
  if (changed.startsAt && section !== null) {
    const key = { id: changed.id, startsAt: changed.startsAt };
    const covering = data.pages.findIndex((page) => {
      const last = page.reservations.at(-1);
      return last !== undefined && sortsNoLaterThan(section, key, { id: last.id, startsAt: last.starts_at });
    });
    // After every loaded row: on the last page if nothing follows it, else it comes with a later page.
    const lastIndex = data.pages.length - 1;
    if (covering >= 0) pages.add(covering);
    else if (data.pages[lastIndex]?.next === null) pages.add(lastIndex);
  } else if (section === null) {
    pages.add(0);
  }
  return [...pages].sort((a, b) => a - b);
}

/** The pages with the fresh ones in place; a row shown on an earlier page is not repeated later. */
function withPages(data: InboxData, fresh: Map<number, InboxPage>): InboxData {
  const seen = new Set<string>();
  const pages = data.pages.map((page, index) => {
    const replaced = fresh.get(index) ?? page;
    const reservations = replaced.reservations.filter((row) => !seen.has(row.id));
    reservations.forEach((row) => seen.add(row.id));
    return { ...replaced, reservations };
  });
  return { ...data, pages };
}

/**
 * Brings the inbox shown on screen up to date after one reservation changed, reading again only the
 * pages the change can touch (each from its own key, one row longer, so a row pushed off its end stays
 * shown); sections not on screen are read again when they are opened.
 */
export async function refreshInboxRows(queryClient: QueryClient, changed: ChangedReservation) {
  await queryClient.invalidateQueries({ queryKey: inboxKey, type: 'inactive', refetchType: 'none' });
  const queries = queryClient.getQueryCache().findAll({ queryKey: inboxKey, type: 'active' });
  await Promise.all(
    queries.map(async (query) => {
      const data = query.state.data as InboxData | undefined;
      if (!data) return;
      const section = (query.queryKey[inboxKey.length] ?? null) as InboxSection;
      const indexes = affectedPages(data, section, changed);
      const fresh = new Map<number, InboxPage>();
      await Promise.all(
        indexes.map(async (index) => {
          // The end of the section reads a whole page, so new rows there are shown.
          const page = data.pages[index]!;
          const size = Math.min(100, Math.max(page.next === null ? 20 : 1, page.reservations.length + 1));
          fresh.set(index, await listMerchantReservationsPage(section, data.pageParams[index] ?? null, size));
        }),
      );
      queryClient.setQueryData<InboxData>(query.queryKey, (current) =>
        current ? withPages(current, fresh) : current,
      );
      const latest = [...fresh.values()].at(-1);
      if (latest) keepPendingCount(queryClient, latest.pending);
    }),
  );
}

/** Everything else kept under the reservations' key (the badge's count, the agenda) is read again. */
function refreshOutsideInbox(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: reservationsKey,
    predicate: (query) => query.queryKey[inboxKey.length - 1] !== inboxKey.at(-1),
  });
}

/** After a reservation changed: the inbox's affected pages and the rest of the reservations' queries. */
export function refreshAfterReservationChange(queryClient: QueryClient, changed: ChangedReservation) {
  return Promise.all([refreshInboxRows(queryClient, changed), refreshOutsideInbox(queryClient)]);
}
