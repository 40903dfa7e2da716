import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { rpcData, signedIn } from '../support/fixtures.ts';
import type { TestClient, TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  openFromNav,
  waitForPath,
} from './helpers.ts';

const salonAccount = { name: 'Centro Viola', email: 'viola@centri.test', password: 'segreta-viola' };
const live = { timeout: 15_000 };
const weekdays = [1, 2, 3, 4, 5, 6, 7];

/** Closes the toasts, checks the page with axe and saves it at its current width. */
async function checkAndShoot(page: Page, name: string) {
  const toasts = page.locator('[data-sonner-toast]');
  for (let attempt = 0; attempt < 10 && (await toasts.count()) > 0; attempt += 1)
    await toasts
      .locator('[data-close-button]')
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  await toasts.first().waitFor({ state: 'detached' });
  await expectAccessible(page);
  await screenshot(page, name);
}

/** The page is no wider than the window. */
async function expectNoHorizontalOverflow(page: Page) {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
}

function toast(page: Page, text: string): Promise<void> {
  return page.locator('[data-sonner-toast][data-type="success"]').filter({ hasText: text }).first().waitFor();
}

/** Waits for a row of the inbox, asking for the next pages while it is not on the ones shown. */
async function showRow(page: Page, row: Locator) {
  const more = page.getByRole('button', { name: 'Mostra altre prenotazioni' });
  const shown = page.getByRole('tabpanel').getByRole('listitem');
  await row.or(more).first().waitFor();
  while (!(await row.isVisible())) {
    const before = await shown.count();
    await more.click();
    // The next page has arrived when the list grew; only then is the button's state meaningful again.
    await expect.poll(() => shown.count()).toBeGreaterThan(before);
    await row.or(more).first().waitFor();
  }
}

const top = async (locator: Locator) => (await locator.boundingBox())!.y;

describe('the salon’s Prenotazioni inbox and Agenda calendar', () => {
  let server: TestServer;
  let browser: Browser;
  let salon: Page;
  let owner: TestClient;
  let slug: string;
  let tomorrow: string;
  const operators: Record<string, string> = {};
  const customers: Record<string, TestClient> = {};
  let piega: string;
  /** Confirmed appointments seeded for tomorrow, as [operator, time]. */
  const seeded: [string, string][] = [];

  const book = (customer: string, args: Record<string, unknown>) =>
    rpcData<{ id: string }>(customers[customer]!, 'book_reservation', {
      merchant_slug: slug,
      treatment_id: piega,
      date: tomorrow,
      ...args,
    });

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, salonAccount)).slug;
    owner = await signedIn(server, salonAccount);
    const merchantId = (await rpcData<{ id: string }>(owner, 'merchant_profile', {})).id;
    for (const name of ['Giulia', 'Marta', 'Sara', 'Dora']) {
      operators[name] = (
        await rpcData<{ id: string }>(owner, 'add_operator', {
          name,
          image_path: `${merchantId}/${name}.png`,
        })
      ).id;
    }
    piega = (
      await rpcData<{ id: string }>(owner, 'add_treatment', {
        name: 'Piega',
        description: 'Lavaggio e piega',
        duration_minutes: 45,
        price: 25,
      })
    ).id;
    // Closed for lunch every day; Dora works afternoons only.
    await rpcData(owner, 'set_opening_hours', {
      hours: weekdays.flatMap((weekday) => [
        { weekday, opens: '09:00', closes: '13:00' },
        { weekday, opens: '14:00', closes: '19:30' },
      ]),
    });
    await rpcData(owner, 'set_operator_hours', {
      operator_id: operators.Dora,
      hours: weekdays.map((weekday) => ({ weekday, opens: '14:00', closes: '19:30' })),
    });
    const people = ['Chiara Neri', 'Elena Bianchi', 'Francesca Riva', 'Laura Conti', 'Paola Galli'];
    for (const [index, name] of people.entries()) {
      const email = `cliente${index}@clienti.test`;
      const account = { email, password: 'password-cliente' };
      await joinMerchant(server, { merchantSlug: slug, name, ...account, phone: `333 100 20${index}0` });
      customers[name] = await signedIn(server, account);
    }
    tomorrow = (
      await rpcData<string[]>(customers['Laura Conti']!, 'booking_dates', { merchant_slug: slug })
    )[1]!;

    // Chiara asks for Giulia at 12:00 before Paola's 12:00 with Giulia is confirmed: her slot is taken.
    await book('Chiara Neri', { operator_id: operators.Giulia, time: '12:00' });
    const day: [string, string[]][] = [
      ['Giulia', ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00']],
      ['Marta', ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00']],
      ['Sara', ['09:30', '10:30', '11:30', '14:30', '15:30']],
      ['Dora', ['17:00']],
    ];
    let turn = 0;
    for (const [operator, times] of day) {
      for (const time of times) {
        const customer = people[1 + (turn++ % 4)]!;
        const { id } = await book(customer, { operator_id: operators[operator], time });
        await rpcData(owner, 'confirm_reservation', { reservation_id: id });
        seeded.push([operator, time]);
      }
    }
    // An appointment with a note: proposed at another time, accepted by the customer.
    const moved = await book('Laura Conti', { operator_id: operators.Giulia, time: '18:00' });
    await rpcData(owner, 'modify_reservation', {
      reservation_id: moved.id,
      date: tomorrow,
      time: '18:15',
      note: 'Ti aspettiamo alle 18:15, porta la tinta preferita',
    });
    await rpcData(customers['Laura Conti']!, 'accept_reservation_change', { reservation_id: moved.id });
    seeded.push(['Giulia', '18:15']);
    // Two more requests to answer: one without preference, one to move.
    await book('Elena Bianchi', { time: '17:30' });
    await book('Francesca Riva', { operator_id: operators.Sara, time: '18:00' });

    salon = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await salon.goto(`${server.url}/merchant/${slug}`);
    await salon.getByLabel('Email').fill(salonAccount.email);
    await salon.getByLabel('Password').fill(salonAccount.password);
    await salon.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(salon, '/dashboard/registrazioni');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const main = () => salon.getByRole('main');
  const card = (client: string) => main().getByRole('listitem').filter({ hasText: client });
  const tab = (name: RegExp) => main().getByRole('tab', { name });
  /** Opens a tab of the inbox; it goes through the address, so it is shown a moment after the click. */
  const openTab = async (name: RegExp) => {
    await tab(name).click();
    await expect.poll(() => tab(name).getAttribute('aria-selected')).toBe('true');
  };

  it('opens the requests to answer first, counted, a taken slot said before Conferma, the actions in one row', async () => {
    await openFromNav(salon, /^Prenotazioni/);
    await heading(salon, 'Prenotazioni');
    const toAnswer = tab(/^Da confermare \(3\)$/);
    await toAnswer.waitFor();
    expect(await toAnswer.getAttribute('aria-selected')).toBe('true');
    await card('Chiara Neri').waitFor();
    expect(await main().getByRole('tabpanel').getByRole('listitem').count()).toBe(3);

    const chiara = card('Chiara Neri');
    const taken = chiara.getByText('Orario già occupato da appuntamenti confermati');
    const confirm = chiara.getByRole('button', { name: 'Conferma la prenotazione di Chiara Neri' });
    expect(await top(taken)).toBeLessThan(await top(confirm));
    expect(await confirm.getAttribute('aria-describedby')).toBe(await taken.getAttribute('id'));
    expect(await card('Elena Bianchi').getByText('Orario già occupato').count()).toBe(0);

    const actions = ['Conferma', 'Modifica', 'Rifiuta'].map((verb) =>
      chiara.getByRole('button', { name: `${verb} la prenotazione di Chiara Neri` }),
    );
    const rows = await Promise.all(actions.map(top));
    expect(new Set(rows).size).toBe(1);
    await expectNoHorizontalOverflow(salon);
    await checkAndShoot(salon, 'merchant-inbox-da-confermare-phone');
    await salon.setViewportSize({ width: 320, height: 700 });
    expect(new Set(await Promise.all(actions.map(top))).size).toBe(1);
    await expectNoHorizontalOverflow(salon);
    await salon.setViewportSize(desktop);
    expect(new Set(await Promise.all(actions.map(top))).size).toBe(1);
    await checkAndShoot(salon, 'merchant-inbox-da-confermare-desktop');
    await salon.setViewportSize(phone);
  });

  it('opens Prenotazioni without asking for the count apart: its page brings it', async () => {
    const asked: string[] = [];
    const record = (request: { url(): string }) => {
      const name = /\/rest\/v1\/rpc\/(\w+)/.exec(request.url())?.[1];
      if (name) asked.push(name);
    };
    salon.on('request', record);
    await salon.reload();
    await tab(/^Da confermare \(3\)$/).waitFor();
    await card('Chiara Neri').waitFor();
    await salon.waitForTimeout(500);
    salon.off('request', record);
    expect(asked).toContain('merchant_reservations_page');
    expect(asked).not.toContain('merchant_pending_count');
  });

  it('confirms a request without preference with the free operator chosen; it moves to Prossime', async () => {
    await card('Elena Bianchi')
      .getByRole('button', { name: 'Conferma la prenotazione di Elena Bianchi' })
      .click();
    const dialog = salon.getByRole('dialog', { name: 'Conferma prenotazione' });
    await dialog.getByRole('radio').first().waitFor();
    // Dora's 17:00 lasts until 17:45: she is not free at 17:30.
    const free = await dialog.locator('label').allInnerTexts();
    expect(free.map((label) => label.split(/\s/)[0]).sort()).toEqual(['Giulia', 'Marta', 'Sara']);
    await dialog.getByRole('radio', { name: /^Marta/ }).check();
    await checkAndShoot(salon, 'merchant-inbox-conferma-operatore-phone');
    await dialog.getByRole('button', { name: 'Conferma prenotazione' }).click();
    await toast(salon, 'Prenotazione confermata');
    await dialog.waitFor({ state: 'detached' });
    await tab(/^Da confermare \(2\)$/).waitFor(live);
    await card('Elena Bianchi').waitFor({ state: 'detached' });

    await openTab(/^Prossime$/);
    const elena = card('Elena Bianchi').filter({ hasText: '17:30' });
    await showRow(salon, elena);
    const text = (await elena.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Marta');
    expect(text).toContain('17:30');
    expect(await elena.locator('[data-status]').textContent()).toBe('confermata');
    await checkAndShoot(salon, 'merchant-inbox-prossime-phone');
  });

  it('proposes another time with a note; the request leaves Da confermare', async () => {
    await openTab(/^Da confermare/);
    await card('Francesca Riva')
      .getByRole('button', { name: 'Modifica la prenotazione di Francesca Riva' })
      .click();
    const dialog = salon.getByRole('dialog', { name: 'Modifica prenotazione' });
    await dialog.getByLabel('Nuovo orario', { exact: true }).click();
    await salon.getByRole('option', { name: '18:30' }).click();
    await dialog.getByLabel('Nota di modifica').fill('Alle 18 Sara è impegnata: ti va alle 18:30?');
    await dialog.getByRole('button', { name: 'Invia modifica' }).click();
    await toast(salon, 'Prenotazione modificata e inviata');
    await dialog.waitFor({ state: 'detached' });
    await tab(/^Da confermare \(1\)$/).waitFor(live);
    await card('Francesca Riva').waitFor({ state: 'detached' });

    await openTab(/^Prossime$/);
    const francesca = card('Francesca Riva').filter({ hasText: '18:30' });
    await showRow(salon, francesca);
    expect(await francesca.locator('[data-status]').textContent()).toBe('modificata');
    expect(await francesca.innerText()).toContain('18:30');
    await openTab(/^Storico$/);
    await main().getByText('Nessuna prenotazione passata.').waitFor();
    // The tab is in the address: a reload (or the back button) comes back to it.
    expect(new URL(salon.url()).searchParams.get('sezione')).toBe('storico');
    await salon.reload();
    await main().getByText('Nessuna prenotazione passata.').waitFor();
    await expect.poll(() => tab(/^Storico$/).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the phone’s day strip and the chosen day per operator; an appointment opens with a tel: link', async () => {
    await openFromNav(salon, 'Agenda');
    await heading(salon, 'Agenda');
    const strip = main().getByRole('list', { name: 'Giorni' });
    const days = strip.getByRole('button');
    await days.first().waitFor();
    expect(await days.count()).toBe(7);
    expect(await days.first().getAttribute('aria-pressed')).toBe('true');
    // 20 seeded and the moved one, plus Elena's confirmed with Marta.
    const total = seeded.length + 1;
    const date = tomorrow.split('-').reverse().join('-');
    const tomorrowButton = strip.getByRole('button', {
      name: new RegExp(`^[a-zì]+ ${date}, ${total} appuntamenti$`),
    });
    expect(await days.nth(1).textContent()).toBe(await tomorrowButton.textContent());
    await tomorrowButton.click();
    // The chosen day goes through the address (a navigation), so the strip follows a moment later.
    await expect.poll(() => tomorrowButton.getAttribute('aria-pressed')).toBe('true');
    // The chosen day is in the address: a reload keeps it.
    expect(new URL(salon.url()).searchParams.get('giorno')).toBe(tomorrow);
    await salon.reload();
    await tomorrowButton.waitFor();
    await expect.poll(() => tomorrowButton.getAttribute('aria-pressed')).toBe('true');

    for (const name of ['Giulia', 'Marta', 'Sara', 'Dora']) {
      const list = main().getByRole('list', { name: `Appuntamenti di ${name}` });
      const expected = seeded.filter(([operator]) => operator === name).map(([, time]) => time);
      if (name === 'Marta') expected.push('17:30');
      const buttons = await list.getByRole('button').all();
      const times = await Promise.all(buttons.map(async (button) => (await button.innerText()).slice(0, 5)));
      expect(times).toEqual(expected);
    }
    await expectNoHorizontalOverflow(salon);
    await checkAndShoot(salon, 'merchant-agenda-phone');
    await salon.setViewportSize({ width: 320, height: 700 });
    await expectNoHorizontalOverflow(salon);
    await salon.setViewportSize(phone);

    await main()
      .getByRole('button', { name: /^18:15–19:00 Laura Conti, Piega, con Giulia$/ })
      .click();
    const details = salon.getByRole('dialog', { name: 'Laura Conti' });
    await details.waitFor();
    const call = details.getByRole('link', { name: 'Chiama 333 100 2030' });
    expect(await call.getAttribute('href')).toBe('tel:3331002030');
    const text = (await details.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Piega con Giulia');
    expect(text).toContain('18:15–19:00');
    expect(text).toContain('45 min');
    expect(text).toContain('porta la tinta preferita');
    await checkAndShoot(salon, 'merchant-agenda-appuntamento-phone');
  });

  it('cancels the appointment with a required reason from its details; it leaves the calendar', async () => {
    await salon
      .getByRole('dialog', { name: 'Laura Conti' })
      .getByRole('button', { name: /^Annulla/ })
      .click();
    const dialog = salon.getByRole('dialog', { name: 'Annulla appuntamento' });
    await dialog.getByRole('button', { name: 'Annulla appuntamento' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Inserisci la motivazione dell’annullamento' })
      .waitFor();
    await dialog.getByLabel('Motivo', { exact: true }).fill('Giulia è in ferie, ci scusiamo');
    await checkAndShoot(salon, 'merchant-agenda-annulla-phone');
    await dialog.getByRole('button', { name: 'Annulla appuntamento' }).click();
    await toast(salon, 'Appuntamento annullato');
    await dialog.waitFor({ state: 'detached' });
    await main()
      .getByRole('button', { name: /^18:15–19:00 Laura Conti/ })
      .waitFor({ state: 'detached', ...live });
    const mine = await rpcData<{ status: string; notes: string }[]>(
      customers['Laura Conti']!,
      'client_reservations',
      {
        merchant_slug: slug,
      },
    );
    expect(mine.find((row) => row.status === 'annullata')?.notes).toBe('Giulia è in ferie, ci scusiamo');
  });

  it('shows a desktop day grid per operator, closed hours and absences shaded, blocks where SQL placed them', async () => {
    await salon.setViewportSize(desktop);
    const view = main().getByRole('tablist', { name: 'Vista' });
    await view.getByRole('tab', { name: 'Giorno' }).waitFor();
    await main().getByRole('list', { name: 'Giorni' }).getByRole('button').nth(1).click();
    const columns = main().getByRole('heading', { level: 3 });
    expect(await columns.allInnerTexts()).toEqual(['Giulia', 'Marta', 'Sara', 'Dora']);

    // Every column is shaded over lunch; Dora's mornings too, as hers alone.
    expect(await main().locator('[data-shaded="closed"]').count()).toBeGreaterThanOrEqual(4);
    expect(await main().locator('[data-shaded="away"]').count()).toBe(1);
    const giulia = main().getByRole('list', { name: 'Appuntamenti di Giulia' });
    const nine = await top(giulia.getByRole('button', { name: /^09:00–09:45/ }));
    const ten = await top(giulia.getByRole('button', { name: /^10:00–10:45/ }));
    const twoPm = await top(giulia.getByRole('button', { name: /^14:00–14:45/ }));
    // An hour is four rows of the grid, whatever lies between.
    expect(twoPm - nine).toBeCloseTo((ten - nine) * 5, 0);
    await expectNoHorizontalOverflow(salon);
    await checkAndShoot(salon, 'merchant-agenda-giorno-desktop');
  });

  it('updates the calendar live when an appointment is confirmed elsewhere', async () => {
    const { id } = await book('Paola Galli', { operator_id: operators.Dora, time: '18:00' });
    await rpcData(owner, 'confirm_reservation', { reservation_id: id });
    await main()
      .getByRole('list', { name: 'Appuntamenti di Dora' })
      .getByRole('button', { name: /^18:00–18:45 Paola Galli/ })
      .waitFor(live);
  });

  it('shows the week in seven columns, compact, each appointment opening its details', async () => {
    await main().getByRole('tab', { name: 'Settimana' }).click();
    const week = main().getByRole('tabpanel');
    const tomorrowList = week.getByRole('list', { name: /^Appuntamenti di / }).first();
    await tomorrowList.waitFor();
    expect(await week.getByRole('region').count()).toBe(7);
    // Tomorrow: the seeded ones, Elena's and Paola's, without the cancelled one.
    expect(await tomorrowList.getByRole('listitem').count()).toBe(seeded.length - 1 + 2);
    await expectNoHorizontalOverflow(salon);
    await checkAndShoot(salon, 'merchant-agenda-settimana-desktop');
    await tomorrowList.getByRole('button', { name: /^17:30–18:15 Elena Bianchi, Piega, con Marta$/ }).click();
    const details = salon.getByRole('dialog', { name: 'Elena Bianchi' });
    await details.getByRole('link', { name: 'Chiama 333 100 2010' }).waitFor();
    await checkAndShoot(salon, 'merchant-agenda-appuntamento-desktop');
    await details.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await details.waitFor({ state: 'detached' });

    // The next week has nothing yet; 'Oggi' comes back to this one.
    const today = main().getByRole('button', { name: 'Oggi', exact: true });
    expect(await today.isDisabled()).toBe(true);
    await main().getByRole('button', { name: 'Settimana successiva' }).click();
    await main().getByText('Nessun appuntamento confermato in questi giorni.').waitFor();
    expect(await week.getByRole('region').count()).toBe(7);
    await today.click();
    await tomorrowList.waitFor();
    expect(await today.isDisabled()).toBe(true);
  });

  it('takes a change made elsewhere into the page that shows it, without reading the earlier pages again', async () => {
    await salon.setViewportSize(phone);
    await openFromNav(salon, /^Prenotazioni/);
    await heading(salon, 'Prenotazioni');
    await openTab(/^Prossime$/);
    const shown = main().getByRole('tabpanel').getByRole('listitem');
    const more = main().getByRole('button', { name: 'Mostra altre prenotazioni' });
    await shown.first().waitFor();
    while (await more.isVisible()) {
      const before = await shown.count();
      await more.click();
      await expect.poll(() => shown.count()).toBeGreaterThan(before);
    }
    const { reservations } = await rpcData<{
      reservations: { id: string; client_name: string; time: string; status: string }[];
    }>(owner, 'merchant_reservations_page', { section: 'upcoming', page_size: 100 });
    // More than one page of 20 is shown; the tab's own reading when it opened has ended.
    expect(reservations.length).toBeGreaterThan(20);
    await expect.poll(() => shown.count()).toBe(reservations.length);
    await salon.waitForTimeout(1_000);
    const count = await shown.count();
    // The latest confirmed appointment, past the first page.
    const latest = reservations.filter((row) => row.status === 'confermata').at(-1)!;
    expect(reservations.indexOf(latest)).toBeGreaterThanOrEqual(20);
    const latestCard = card(latest.client_name).filter({ hasText: latest.time });
    expect(await latestCard.count()).toBe(1);

    const pagesAsked: { after: string | null }[] = [];
    const countPages = (request: { url(): string; postData(): string | null }) => {
      if (request.url().includes('/rest/v1/rpc/merchant_reservations_page'))
        pagesAsked.push(JSON.parse(request.postData() ?? '{}') as { after: string | null });
    };
    salon.on('request', countPages);
    await rpcData(owner, 'merchant_cancel_reservation', {
      reservation_id: latest.id,
      reason: 'Salone chiuso',
    });
    await latestCard.waitFor({ state: 'detached', ...live });
    expect(await shown.count()).toBe(count - 1);
    // Whatever else the change makes the page read (the badge's count) has had time to go out.
    await salon.waitForTimeout(1_000);
    salon.off('request', countPages);
    expect(pagesAsked).toHaveLength(1);
    expect(pagesAsked[0]!.after).not.toBeNull();
    expect(await shown.count()).toBe(count - 1);
  });
});
