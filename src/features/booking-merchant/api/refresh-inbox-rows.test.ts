import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxPage, InboxSection } from '@/features/booking-merchant/api/list-merchant-reservations';
import { refreshInboxRows } from '@/features/booking-merchant/api/refresh-inbox-rows';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';

interface Asked {
  section: InboxSection;
  after: string | null;
  page_size: number;
}

/** What the database holds now, in each section's order; a page is read from it after a row's id. */
let database: Record<string, InboxPage['reservations']> = {};
const asked: Asked[] = [];

vi.mock('@/lib/rpc', () => ({
  callRpc: (_name: string, args: Asked) => {
    asked.push(args);
    const rows = database[args.section!]!;
    const start = args.after === null ? 0 : rows.findIndex((row) => row.id === args.after) + 1;
    const page = rows.slice(start, start + args.page_size);
    const more = start + args.page_size < rows.length;
    return Promise.resolve({
      reservations: page,
      next: more ? page.at(-1)!.id : null,
      pending: database.to_answer?.length ?? 0,
    });
  },
}));

function row(id: string, startsAt: string, status = 'confermata') {
  return {
    id,
    client_id: `cliente-${id}`,
    client_name: `Cliente ${id}`,
    client_code: null,
    treatment_id: null,
    treatment_name: 'Piega',
    operator_id: null,
    operator_name: null,
    date: startsAt.slice(0, 10),
    time: startsAt.slice(11, 16),
    duration_minutes: 45,
    status,
    notes: null,
    starts_at: startsAt,
    ends_at: startsAt,
    created_at: startsAt,
    updated_at: startsAt,
    actions: [],
    slot_taken: false,
    client_completed_visits: 0,
    client_no_shows: 0,
    often_missed: false,
    whatsapp: { kind: 'confirmation' as const, missing_reason: 'Numero di telefono mancante' },
    reminder: null,
    visit_id: null,
    visit_part: null,
  };
}

/** Rows a..f at 10:00, 11:00, ... on one day, shown two a page as the database gave them. */
const day = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, hour) =>
  row(id, `2026-12-01T${String(10 + hour).padStart(2, '0')}:00:00+00:00`),
);

function pagesOf(rows: InboxPage['reservations'][], more: boolean): InfiniteData<InboxPage, string | null> {
  return {
    pages: rows.map((reservations, index) => ({
      reservations,
      next: index < rows.length - 1 || more ? reservations.at(-1)!.id : null,
      pending: 0,
    })),
    pageParams: rows.map((_, index) => (index === 0 ? null : rows[index - 1]!.at(-1)!.id)),
  };
}

describe('refreshInboxRows', () => {
  let queryClient: QueryClient;
  let stopWatching: () => void;

  function show(section: InboxSection, data: InfiniteData<InboxPage, string | null>) {
    const queryKey = [...reservationsKey, 'inbox', section];
    queryClient.setQueryData(queryKey, data);
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey,
      queryFn: () => Promise.reject(new Error('not read whole in these tests')),
      initialPageParam: null as string | null,
      getNextPageParam: (page: InboxPage) => page.next,
      staleTime: Infinity,
    });
    stopWatching = observer.subscribe(() => undefined);
    return () =>
      queryClient
        .getQueryData<InfiniteData<InboxPage, string | null>>(queryKey)!
        .pages.map((page) => page.reservations.map((shown) => `${shown.id}:${shown.status}`));
  }

  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    asked.length = 0;
  });
  afterEach(() => {
    stopWatching();
    queryClient.clear();
  });

  it('reads every loaded page of the requests to answer: a confirmation elsewhere can take their slot', async () => {
    const shown = show('to_answer', pagesOf([day.slice(0, 2), day.slice(2, 4)], false));
    database = { to_answer: [...day.slice(0, 3), { ...day[3]!, slot_taken: true }] };
    await refreshInboxRows(queryClient, { id: 'z', startsAt: day[3]!.starts_at });
    expect(asked).toEqual([
      { section: 'to_answer', after: null, page_size: 3 },
      { section: 'to_answer', after: 'b', page_size: 20 },
    ]);
    // The first page's extra row is not repeated on the next one.
    expect(shown()).toEqual([['a:confermata', 'b:confermata', 'c:confermata'], ['d:confermata']]);
    const taken = queryClient
      .getQueryData<InfiniteData<InboxPage, string | null>>([...reservationsKey, 'inbox', 'to_answer'])!
      .pages[1]!.reservations.find((shownRow) => shownRow.id === 'd');
    expect(taken?.slot_taken).toBe(true);
  });

  it("keeps the badge's count the fresh pages bring, asking for it no more", async () => {
    show('to_answer', pagesOf([day.slice(0, 2)], false));
    database = { to_answer: day.slice(0, 3) };
    await refreshInboxRows(queryClient, { id: 'c', startsAt: day[2]!.starts_at });
    expect(asked).toEqual([{ section: 'to_answer', after: null, page_size: 20 }]);
    expect(queryClient.getQueryData([...reservationsKey, 'pending-count'])).toBe(3);
  });

  it('reads again only the page showing a changed row, one row longer', async () => {
    const shown = show('upcoming', pagesOf([day.slice(0, 2), day.slice(2, 4), day.slice(4, 6)], false));
    database = { upcoming: [...day.slice(0, 3), { ...day[3]!, status: 'modificata' }, ...day.slice(4)] };
    await refreshInboxRows(queryClient, { id: 'd', startsAt: day[3]!.starts_at });
    expect(asked).toEqual([{ section: 'upcoming', after: 'b', page_size: 3 }]);
    // The page's extra row is not repeated on the next one.
    expect(shown()).toEqual([
      ['a:confermata', 'b:confermata'],
      ['c:confermata', 'd:modificata', 'e:confermata'],
      ['f:confermata'],
    ]);
  });

  it('keeps a row pushed off its page by a new one, and shows a row that left its section nowhere', async () => {
    const shown = show('upcoming', pagesOf([day.slice(0, 2), day.slice(2, 4)], true));
    const early = row('x', '2026-12-01T10:30:00+00:00');
    database = { upcoming: [day[0]!, early, day[1]!, day[2]!, day[4]!, day[5]!] };
    await refreshInboxRows(queryClient, { id: 'x', startsAt: early.starts_at });
    expect(asked).toEqual([{ section: 'upcoming', after: null, page_size: 3 }]);
    expect(shown()).toEqual([
      ['a:confermata', 'x:confermata', 'b:confermata'],
      ['c:confermata', 'd:confermata'],
    ]);

    asked.length = 0;
    await refreshInboxRows(queryClient, { id: 'd', startsAt: day[3]!.starts_at });
    expect(asked).toEqual([{ section: 'upcoming', after: 'b', page_size: 3 }]);
    expect(shown()).toEqual([
      ['a:confermata', 'x:confermata', 'b:confermata'],
      ['c:confermata', 'e:confermata', 'f:confermata'],
    ]);
  });

  it('leaves a new row after every loaded one to the next page, and reads the last page when none follows', async () => {
    const shown = show('upcoming', pagesOf([day.slice(0, 2)], true));
    database = { upcoming: day };
    await refreshInboxRows(queryClient, { id: 'f', startsAt: day[5]!.starts_at });
    expect(asked).toEqual([]);
    expect(shown()).toEqual([['a:confermata', 'b:confermata']]);

    stopWatching();
    const shownAll = show('upcoming', pagesOf([day.slice(0, 2), day.slice(2, 3)], false));
    const late = row('z', '2026-12-02T09:00:00+00:00');
    database = { upcoming: [...day.slice(0, 3), late] };
    await refreshInboxRows(queryClient, { id: 'z', startsAt: late.starts_at });
    expect(asked).toEqual([{ section: 'upcoming', after: 'b', page_size: 20 }]);
    expect(shownAll()).toEqual([
      ['a:confermata', 'b:confermata'],
      ['c:confermata', 'z:confermata'],
    ]);
  });

  it('places a row of the history, latest first, on the page its start falls in', async () => {
    const latestFirst = [...day].reverse();
    const shown = show('history', pagesOf([latestFirst.slice(0, 2), latestFirst.slice(2, 4)], true));
    const between = row('y', '2026-12-01T13:30:00+00:00', 'rifiutata');
    database = { history: [...latestFirst.slice(0, 2), between, ...latestFirst.slice(2)] };
    await refreshInboxRows(queryClient, { id: 'y', startsAt: between.starts_at });
    // Between 'e' and 'd': the second page, which starts after 'e'.
    expect(asked).toEqual([{ section: 'history', after: 'e', page_size: 3 }]);
    expect(shown()).toEqual([
      ['f:confermata', 'e:confermata'],
      ['y:rifiutata', 'd:confermata', 'c:confermata'],
    ]);
  });
});
