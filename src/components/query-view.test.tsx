import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryView, type QueryState } from '@/components/query-view';
import { ApiError } from '@/lib/api-error';
import { texts } from '@/lib/texts';

function state<T>(fields: Partial<QueryState<T>>): QueryState<T> {
  return {
    isPending: false,
    isError: false,
    error: null,
    data: undefined,
    refetch: () => undefined,
    ...fields,
  };
}

const failure = new ApiError({ status: 400, code: 'P0001', message: 'Salone non trovato' });
const list = (items: string[]) => items.map((item) => <li key={item}>{item}</li>);

describe('QueryView', () => {
  it.each([
    [
      'pending: grey blocks',
      state<string[]>({ isPending: true }),
      {},
      ['aria-busy="true"'],
      ['role="alert"'],
    ],
    [
      'pending: the given placeholder',
      state<string[]>({ isPending: true }),
      { pending: <p>{texts.app.loading}</p> },
      ['<p>Caricamento...</p>'],
      ['aria-busy'],
    ],
    [
      'pending while offline: it waits for the connection, and says so with Riprova',
      state<string[]>({ isPending: true, fetchStatus: 'paused' }),
      { pending: <p>{texts.app.loading}</p> },
      [
        'role="alert"',
        'Sei offline: questa pagina sarà disponibile quando torna la connessione.',
        `>${texts.app.retry}</button>`,
      ],
      ['Caricamento', 'aria-busy'],
    ],
    [
      'error: the default template and Riprova',
      state<string[]>({ isError: true, error: failure }),
      {},
      ['role="alert"', 'Impossibile caricare i dati: Salone non trovato', `>${texts.app.retry}</button>`],
      ['<li>'],
    ],
    [
      'error: a template of the screen',
      state<string[]>({ isError: true, error: failure }),
      { errorText: 'Impossibile caricare la struttura: {message}' },
      ['Impossibile caricare la struttura: Salone non trovato'],
      ['Impossibile caricare i dati'],
    ],
    [
      'error: a text computed from the error',
      state<string[]>({ isError: true, error: failure }),
      { errorText: (error: unknown) => `Codice ${ApiError.from(error).code}` },
      ['Codice P0001'],
      ['Impossibile'],
    ],
    [
      'empty list: the empty text in its box',
      state<string[]>({ data: [] }),
      { empty: 'Nessun acquisto' },
      ['<p class="text-base font-medium">Nessun acquisto</p>'],
      ['<ul>'],
    ],
    [
      'empty list without an empty text: the children',
      state<string[]>({ data: [] }),
      {},
      ['<ul></ul>'],
      ['role="alert"'],
    ],
    [
      'empty by a rule of the screen, shown as given',
      state<string[]>({ data: ['a'] }),
      { isEmpty: () => true, empty: <p role="alert">Profilo mancante</p> },
      ['<p role="alert">Profilo mancante</p>'],
      ['<li>'],
    ],
    [
      'data: the children',
      state<string[]>({ data: ['Anna', 'Bea'] }),
      { empty: 'Nessuno' },
      ['<ul><li>Anna</li><li>Bea</li></ul>'],
      ['Nessuno', 'aria-busy'],
    ],
  ])('%s', (_name, query, props, present, absent) => {
    const html = renderToStaticMarkup(
      <QueryView query={query} {...props}>
        {(items) => <ul>{list(items)}</ul>}
      </QueryView>,
    );
    for (const text of present) expect(html).toContain(text);
    for (const text of absent) expect(html).not.toContain(text);
  });

  it('retries with the query’s refetch', () => {
    let refetched = 0;
    const element = QueryView({
      query: state<string[]>({ isError: true, error: failure, refetch: () => (refetched += 1) }),
      children: () => null,
    }) as { props: { onRetry: () => void } };
    element.props.onRetry();
    expect(refetched).toBe(1);
  });
});
