import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { signedIn } from '../support/fixtures.ts';
import type { TestClient, TestServer } from '../support/test-server.ts';
import {
  appServerOptions,
  createMerchant,
  areaNav,
  expectAccessible,
  heading,
  joinMerchant,
  openFromNav,
  waitForPath,
  formFocusSettled,
} from './helpers.ts';

const merchantAccount = { name: 'Centro Iris', email: 'iris@centri.test', password: 'segreta-iris' };
const customer = { name: 'Chiara Neri', email: 'chiara@clienti.test', password: 'password-chiara' };
const live = { timeout: 15_000 };

/** A 24×24 PNG, a coloured square, as a photo picked from the device. */
function operatorPhoto(): Buffer {
  const png = new PNG({ width: 24, height: 24 });
  for (let index = 0; index < png.data.length; index += 4) {
    png.data[index] = 180;
    png.data[index + 1] = 60;
    png.data[index + 2] = 110;
    png.data[index + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** A toast of a kind ('success' green, 'error' red) showing `text`. */
function toast(page: Page, type: 'success' | 'error', text: string): Promise<void> {
  return page.locator(`[data-sonner-toast][data-type="${type}"]`).filter({ hasText: text }).first().waitFor();
}

/** Picks `option` in the dropdown labelled `label` (the first option when a number is given). */
async function choose(page: Page, label: string, option: string | number) {
  await page.getByLabel(label, { exact: true }).click();
  const options = page.getByRole('option');
  await (
    typeof option === 'number' ? options.nth(option) : options.filter({ hasText: option }).first()
  ).click();
  await options.first().waitFor({ state: 'detached' });
}

/** The whole option (card, avatar, day, chip) a radio button of Prenota spreads over. */
const optionOf = (radio: Locator) => radio.locator('xpath=..');

/** Prenota's form of the customer. */
const bookingForm = (page: Page) => page.getByRole('form', { name: 'Nuova prenotazione' });

/** One step of Prenota (a radio group under its legend). */
const step = (page: Page, name: string) => bookingForm(page).getByRole('group', { name, exact: true });

/**
 * Books as a person does: the treatment's card, the operator's avatar, the day in the strip (the `day`-th
 * day the salon is open, 0 = today), the time's chip, then 'Prenota'.
 */
async function bookThroughSteps(
  page: Page,
  choice: { treatment: string; operator: string; day: number; time: string },
) {
  await step(page, 'Trattamento').getByRole('radio', { name: choice.treatment }).check();
  await step(page, 'Operatore').getByRole('radio', { name: choice.operator, exact: true }).check();
  await step(page, 'Giorno').getByRole('radio', { disabled: false }).nth(choice.day).check();
  await step(page, 'Orario').getByRole('radio', { name: choice.time, exact: true }).check();
  await bookingForm(page).getByRole('button', { name: 'Prenota', exact: true }).click();
}

/** Goes to a screen through the area's navigation. */
async function open(page: Page, label: string, title: string) {
  await areaNav(page).getByRole('link').first().waitFor();
  await openFromNav(page, label);
  await heading(page, title);
}

/** How many lines the first words of an element run on (its first text, as laid out). */
function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const text = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode();
    if (!text) return 0;
    const range = document.createRange();
    range.selectNodeContents(text);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

/** Closes the toasts, checks the screen with axe and takes it at phone and desktop widths. */
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
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(desktop);
  await expectAccessible(page);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(phone);
}

const statusOf = (card: Locator) => card.locator('[data-status]').textContent();

/** 'Le mie prenotazioni': the upcoming and the past ones. */
const upcoming = (page: Page) => page.getByRole('list', { name: 'Prossime', exact: true });
const past = (page: Page) => page.getByRole('list', { name: 'Passate', exact: true });

describe('booking: the salon sets up operators and treatments, a customer books, the salon answers', () => {
  let server: TestServer;
  let browser: Browser;
  let salon: Page;
  let client: Page;
  let slug: string;
  let owner: TestClient;

  /** The salon's settings, as its Impostazioni would set them. */
  const asOwner = async (fn: string, args: Record<string, unknown>) =>
    expect((await owner.rpc(fn, args)).error).toBeNull();

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, merchantAccount)).slug;
    await joinMerchant(server, { merchantSlug: slug, ...customer });
    owner = await signedIn(server, merchantAccount);
    // The salon is closed on the fourth day of the window.
    const { rows } = await server.server.context.db.query<{ day: string }>(
      `select to_char((now() at time zone 'Europe/Rome')::date + 3, 'YYYY-MM-DD') as day`,
    );
    await asOwner('set_salon_closure', { day: rows[0]!.day });
    salon = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    client = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The customer's reservation at `time`, in 'Le mie prenotazioni'. */
  const clientCard = (time: string) => client.getByRole('article').filter({ hasText: time });
  /** The reservation at `time` in the salon's Prenotazioni. */
  const salonCard = (time: string) => salon.getByRole('main').getByRole('listitem').filter({ hasText: time });
  /**
   * Opens a tab of the salon's Prenotazioni: 'Da confermare', 'Prossime' or 'Storico'. The tab goes
   * through the address, so it is shown a moment after the click.
   */
  const salonTab = async (name: string) => {
    const tab = salon.getByRole('main').getByRole('tab', { name: new RegExp(`^${name}`) });
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  };

  it('registers an operator with a photo, refusing one without name or photo', async () => {
    await salon.goto(`${server.url}/merchant/${slug}`);
    await salon.getByLabel('Email').fill(merchantAccount.email);
    await salon.getByLabel('Password').fill(merchantAccount.password);
    await salon.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(salon, '/dashboard/registrazioni');
    await open(salon, 'Impostazioni', 'Impostazioni');
    await salon.getByRole('tab', { name: 'Trattamenti' }).click();
    await salon.getByText('Nessun trattamento registrato.').waitFor();
    await salon.getByRole('tab', { name: 'Operatori' }).click();
    await salon.getByText('Nessun operatore registrato.').waitFor();

    await salon.getByRole('button', { name: 'Aggiungi operatore' }).click();
    await salon.getByRole('alert').filter({ hasText: 'Inserisci il nome dell’operatore' }).waitFor();
    await salon.getByRole('alert').filter({ hasText: 'Scegli una foto dell’operatore' }).waitFor();

    const form = salon.getByRole('form', { name: 'Nuovo operatore' });
    await form.getByLabel('Nome').fill('Giulia');
    await form
      .getByLabel('Foto')
      .setInputFiles({ name: 'giulia.png', mimeType: 'image/png', buffer: operatorPhoto() });
    const preview = form.getByRole('img', { name: 'Anteprima della foto' });
    await preview.waitFor();
    expect(await preview.evaluate((image) => image.getBoundingClientRect().width)).toBe(75);
    await form.getByRole('button', { name: 'Aggiungi operatore' }).click();
    await toast(salon, 'success', 'Operatore registrato con successo!');

    const photo = salon.getByRole('img', { name: 'Foto di Giulia' });
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((image) => (image as HTMLImageElement).naturalWidth), live)
      .toBeGreaterThan(0);
    expect(await form.getByLabel('Nome').inputValue()).toBe('');
  });

  it('registers a treatment for the chosen operator; all operators excludes single ones', async () => {
    await salon.getByRole('tab', { name: 'Trattamenti' }).click();
    const form = salon.getByRole('form', { name: 'Nuovo trattamento' });
    // A new treatment is for all operators until one is chosen.
    expect(await form.getByLabel('Tutti gli operatori').isChecked()).toBe(true);
    expect(await form.getByLabel('Giulia').isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Aggiungi trattamento' }).click();
    await form.getByRole('alert').filter({ hasText: 'Compila tutti i campi del form' }).waitFor();
    await form.getByLabel('Tutti gli operatori').uncheck();
    await form.getByRole('alert').filter({ hasText: 'Scegli almeno un operatore' }).waitFor();

    // A price that is not an amount: the message under the field, and nothing saved.
    await form.getByLabel('Nome').fill('Pulizia viso');
    await form.getByLabel('Descrizione').fill('Detersione profonda e maschera idratante');
    await form.getByLabel('Durata (minuti)').fill('45');
    await form.getByLabel('Prezzo').fill('NaN');
    await form.getByLabel('Giulia').check();
    await form.getByRole('button', { name: 'Aggiungi trattamento' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'Inserisci un prezzo valido, con al massimo due decimali' })
      .waitFor();
    expect(await form.getByLabel('Prezzo').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByRole('alert').filter({ hasText: 'Compila tutti i campi del form' }).count()).toBe(
      0,
    );
    expect(await salon.getByRole('list', { name: 'Trattamenti' }).count()).toBe(0);
    await checkAndShoot(salon, 'merchant-trattamento-prezzo-non-valido');
    await form.getByLabel('Giulia').uncheck();
    // Back to empty unit fields (a field shows its unit until tapped into).
    for (const label of ['Durata (minuti)', 'Prezzo']) {
      await form.getByLabel(label).click();
      await form.getByLabel(label).fill('');
    }

    await form.getByLabel('Nome').fill('Pulizia viso');
    await form.getByLabel('Descrizione').fill('Detersione profonda e maschera idratante');
    await form.getByLabel('Durata (minuti)').fill('45');
    await form.getByLabel('Prezzo').fill('39,90');
    await form.getByLabel('Nome').focus();
    expect(await form.getByLabel('Durata (minuti)').inputValue()).toBe('45 min');
    expect(await form.getByLabel('Prezzo').inputValue()).toBe('39,90€');
    await form.getByLabel('Prezzo').focus();
    expect(await form.getByLabel('Prezzo').inputValue()).toBe('39,90');

    await form.getByLabel('Tutti gli operatori').check();
    expect(await form.getByLabel('Giulia').isDisabled()).toBe(true);
    await form.getByLabel('Tutti gli operatori').uncheck();
    await form.getByLabel('Giulia').check();
    await form.getByRole('button', { name: 'Aggiungi trattamento' }).click();
    await toast(salon, 'success', 'Trattamento registrato!');
    const list = salon.getByRole('list', { name: 'Trattamenti' });
    await list.getByText('Pulizia viso').waitFor();
    const saved = await list.getByRole('article').filter({ hasText: 'Pulizia viso' }).innerText();
    expect(saved).toContain('45 min');
    expect(saved).toContain('€ 39,90');
    expect(saved).toContain('Giulia');
    // Sent again empty, the form refuses it under the fields: the earlier success no longer shows.
    await form.getByRole('button', { name: 'Aggiungi trattamento' }).click();
    expect(await form.getByLabel('Nome').getAttribute('aria-invalid')).toBe('true');
    await salon
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Trattamento registrato!' })
      .waitFor({ state: 'detached', timeout: 3_000 });

    // A second treatment, for everyone, then removed.
    await form.getByLabel('Nome').fill('Manicure');
    await form.getByLabel('Descrizione').fill('Limatura e smalto');
    await form.getByLabel('Durata (minuti)').fill('30');
    await form.getByLabel('Prezzo').fill('20');
    await form.getByLabel('Tutti gli operatori').check();
    await form.getByRole('button', { name: 'Aggiungi trattamento' }).click();
    await list.getByText('Manicure').waitFor();
    await checkAndShoot(salon, 'merchant-impostazioni');
    await salon.getByRole('button', { name: 'Elimina Manicure' }).click();
    await salon
      .getByRole('dialog', { name: 'Eliminare Manicure?' })
      .getByRole('button', { name: 'Elimina' })
      .click();
    await toast(salon, 'success', 'Trattamento eliminato');
    await list.getByText('Manicure').waitFor({ state: 'detached' });
  });

  it('shows the salon no appointments and no reservations yet', async () => {
    await open(salon, 'Agenda', 'Agenda');
    // The week's empty state sits under the day strip, said once, at both widths.
    for (const viewport of [phone, desktop]) {
      await salon.setViewportSize(viewport);
      await salon.waitForFunction((width) => window.innerWidth === width, viewport.width);
      const empty = salon.getByText('Nessun appuntamento confermato in questi giorni.');
      await empty.waitFor();
      const strip = salon.getByRole('list', { name: 'Giorni' });
      await strip.waitFor();
      const days = await strip.boundingBox();
      const said = await empty.boundingBox();
      expect(days && said && said.y >= days.y + days.height).toBe(true);
      await expectAccessible(salon);
      await screenshot(salon, `merchant-agenda-vuota-${viewport === phone ? 'phone' : 'desktop'}`);
    }
    await salon.setViewportSize(phone);
    await open(salon, 'Prenotazioni', 'Prenotazioni');
    await salon.getByText('Nessuna prenotazione ricevuta.').waitFor();
    await salonTab('Prossime');
    await salon.getByText('Nessuna prenotazione ricevuta.').waitFor();
    await salonTab('Storico');
    await salon.getByText('Nessuna prenotazione ricevuta.').waitFor();
    await expectAccessible(salon);
    await screenshot(salon, 'inbox-never-received-phone');
    await salon.setViewportSize(desktop);
    await screenshot(salon, 'inbox-never-received-desktop');
    await salon.setViewportSize(phone);
    await salonTab('Da confermare');
  });

  it('lets the customer book, asking for what is missing', async () => {
    await client.goto(`${server.url}/${slug}/login`);
    await client.getByLabel('Email').fill(customer.email);
    await client.getByLabel('Password').fill(customer.password);
    await client.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(client, '/client/profile');
    await open(client, 'Prenota', 'Prenota');
    await client.getByText('Nessuna prenotazione.').waitFor();

    // Step 1: the treatments as cards with name, duration and price; nothing else yet.
    const treatmentCard = step(client, 'Trattamento').getByRole('radio', { name: /^Pulizia viso/ });
    const card = (await optionOf(treatmentCard).innerText()).replace(/\s+/g, ' ');
    expect(card).toContain('Pulizia viso');
    expect(card).toContain('€ 39,90');
    expect(card).toContain('45 min');
    expect(await step(client, 'Operatore').count()).toBe(0);

    await bookingForm(client).getByRole('button', { name: 'Prenota', exact: true }).click();
    await toast(client, 'error', 'Seleziona trattamento, data e orario');

    // Step 2: the operators who perform it, as avatars with their photos, and 'Qualsiasi operatore'.
    await treatmentCard.check();
    const operators = step(client, 'Operatore').getByRole('radio');
    await operators.first().waitFor();
    expect(await operators.count()).toBe(2);
    await operators.and(client.getByRole('radio', { name: 'Qualsiasi operatore', exact: true })).waitFor();
    await operators.and(client.getByRole('radio', { name: 'Giulia', exact: true })).waitFor();
    const photo = optionOf(
      step(client, 'Operatore').getByRole('radio', { name: 'Giulia', exact: true }),
    ).locator('img');
    await expect
      .poll(() => photo.evaluate((image) => (image as HTMLImageElement).naturalWidth), live)
      .toBeGreaterThan(0);
    expect(await step(client, 'Giorno').count()).toBe(0);
    await step(client, 'Operatore').getByRole('radio', { name: 'Giulia', exact: true }).check();

    // Step 3: the next 30 days; a day the salon closed is shown closed and cannot be chosen.
    const days = step(client, 'Giorno').getByRole('radio');
    await days.first().waitFor();
    expect(await days.count()).toBe(30);
    const names = await days.evaluateAll((radios) => radios.map((radio) => radio.getAttribute('aria-label')));
    expect(names[1]).toMatch(
      /^(lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d{2}-\d{2}-\d{4}$/,
    );
    const closedDay = step(client, 'Giorno').getByRole('radio', { name: /, salone chiuso$/ });
    expect(await closedDay.count()).toBe(1);
    expect(await closedDay.isDisabled()).toBe(true);
    expect(await optionOf(closedDay).innerText()).toContain('Chiuso');
    const openDays = step(client, 'Giorno').getByRole('radio', { disabled: false });
    expect(await openDays.count()).toBe(29);
    // No shouting: the weekday as Italians write it, not in capitals.
    expect(await optionOf(openDays.nth(1)).innerText()).not.toMatch(/^[A-Z]{3}/);
    await openDays.nth(1).check();

    // Step 4: the free times as chips by part of the day, its name in sentence case.
    const times = step(client, 'Orario');
    await times.getByRole('radio', { name: '10:00', exact: true }).waitFor();
    expect(await times.getByText('Mattina', { exact: true }).innerText()).toBe('Mattina');
    for (const [period, time] of [
      ['Mattina', '09:00'],
      ['Pomeriggio', '14:00'],
      ['Sera', '18:00'],
    ] as const)
      await times
        .getByRole('group', { name: period })
        .getByRole('radio', { name: time, exact: true })
        .waitFor();
    await times.getByRole('radio', { name: '10:15', exact: true }).check();
    // A radio group: arrow keys move the choice, with a visible focus ring; every option is a 44 px target.
    await client.keyboard.press('ArrowLeft');
    const ten = times.getByRole('radio', { name: '10:00', exact: true });
    expect(await ten.isChecked()).toBe(true);
    expect(await optionOf(ten).evaluate((option) => getComputedStyle(option).outlineStyle)).toBe('solid');
    for (const option of [ten, openDays.nth(1), treatmentCard, operators.first()]) {
      const box = (await optionOf(option).boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }

    // The summary, then 'Prenota'.
    const summary = (await client.getByRole('region', { name: 'Riepilogo' }).innerText()).replace(
      /\s+/g,
      ' ',
    );
    expect(summary).toContain('Pulizia viso');
    expect(summary).toContain('Giulia');
    expect(summary).toMatch(
      /Giorno e ora (lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d{2}-\d{2}-\d{4} alle 10:00/,
    );
    expect(summary).toContain('45 min');
    expect(summary).toContain('€ 39,90');
    await checkAndShoot(client, 'client-prenota-passi');
    await bookingForm(client).getByRole('button', { name: 'Prenota', exact: true }).click();
    await toast(client, 'success', 'Prenotazione salvata!');

    const booked = clientCard('10:00');
    await booked.waitFor();
    expect(await statusOf(booked)).toBe('in attesa');
    expect(await booked.innerText()).toContain('Giulia');
    expect(await upcoming(client).getByRole('article').count()).toBe(1);
    // The steps start again, the booked time is no longer offered.
    expect(await step(client, 'Operatore').count()).toBe(0);
    await checkAndShoot(client, 'client-prenota');
  });

  it('shows the salon the reservation live; confirming it shows the customer live', async () => {
    const card = salonCard('10:00');
    await card.waitFor(live);
    const text = (await card.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Chiara Neri');
    expect(text).toContain('Pulizia viso');
    expect(text).toContain('Giulia');
    expect(await statusOf(card)).toBe('in attesa');
    await checkAndShoot(salon, 'merchant-prenotazioni');

    await card.getByRole('button', { name: 'Conferma la prenotazione di Chiara Neri' }).click();
    await toast(salon, 'success', 'Prenotazione confermata');
    await salonCard('10:00').waitFor({ state: 'detached' });
    await salonTab('Prossime');
    await expect.poll(() => statusOf(salonCard('10:00'))).toBe('confermata');
    await salonTab('Da confermare');
    await expect.poll(() => statusOf(clientCard('10:00')), live).toBe('confermata');
    // The confirmed appointment goes into the customer's calendar as an .ics file.
    const download = client.waitForEvent('download');
    await clientCard('10:00')
      .getByRole('button', { name: /^Aggiungi al calendario/ })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^prenotazione-\d{4}-\d{2}-\d{2}\.ics$/);
    const ics = await readFile((await file.path())!, 'utf8');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('SUMMARY:Pulizia viso');
    expect(ics).toContain('DTSTART;TZID=Europe/Rome:');
    // A confirmed reservation cannot be deleted before it has started (cancelling depends on the notice).
    expect(
      await clientCard('10:00')
        .getByRole('button', { name: /^Elimina/ })
        .count(),
    ).toBe(0);
  });

  it('proposes another time with a note; the customer accepts it', async () => {
    await bookThroughSteps(client, {
      treatment: 'Pulizia viso',
      operator: 'Qualsiasi operatore',
      day: 1,
      time: '11:00',
    });
    await toast(client, 'success', 'Prenotazione salvata!');
    expect(await clientCard('11:00').innerText()).toContain('Nessuna preferenza');

    const card = salonCard('11:00');
    await card.waitFor(live);
    await card.getByRole('button', { name: 'Modifica la prenotazione di Chiara Neri' }).click();
    const dialog = salon.getByRole('dialog', { name: 'Modifica prenotazione' });
    await dialog.getByRole('button', { name: 'Invia modifica' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Compila data, ora e nota di modifica' }).waitFor();
    await formFocusSettled(salon);
    await choose(salon, 'Nuovo orario', '12:00');
    await dialog.getByLabel('Nota di modifica').fill('Alle 11 siamo al completo, ti aspettiamo alle 12');
    await expectAccessible(salon);
    await screenshot(salon, 'merchant-prenotazioni-modifica-phone');
    await dialog.getByRole('button', { name: 'Invia modifica' }).click();
    await toast(salon, 'success', 'Prenotazione modificata e inviata');
    await dialog.waitFor({ state: 'detached' });

    const proposed = clientCard('12:00');
    await expect.poll(() => statusOf(proposed), live).toBe('modificata');
    expect(await proposed.innerText()).toContain('ti aspettiamo alle 12');
    await checkAndShoot(client, 'client-prenota-modificata');
    await proposed.getByRole('button', { name: 'Accetta la modifica di Pulizia viso' }).click();
    await expect.poll(() => statusOf(clientCard('12:00'))).toBe('confermata');
    await salonCard('11:00').waitFor({ state: 'detached' });
    await salonTab('Prossime');
    await expect.poll(() => statusOf(salonCard('12:00')), live).toBe('confermata');
    await salonTab('Da confermare');
  });

  it('rejects a reservation with a reason; the customer reads it and deletes it', async () => {
    await bookThroughSteps(client, { treatment: 'Pulizia viso', operator: 'Giulia', day: 1, time: '15:00' });
    await toast(client, 'success', 'Prenotazione salvata!');

    const card = salonCard('15:00');
    await card.waitFor(live);
    await card.getByRole('button', { name: 'Rifiuta la prenotazione di Chiara Neri' }).click();
    const dialog = salon.getByRole('dialog', { name: 'Rifiuta prenotazione' });
    await dialog.getByRole('button', { name: 'Rifiuta prenotazione' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Inserisci la motivazione del rifiuto' }).waitFor();
    await formFocusSettled(salon);
    await dialog.getByLabel('Motivazione del rifiuto').fill('Giornata di formazione');
    await dialog.getByRole('button', { name: 'Rifiuta prenotazione' }).click();
    await toast(salon, 'success', 'Prenotazione rifiutata');
    await salonCard('15:00').waitFor({ state: 'detached' });
    await salonTab('Storico');
    await expect.poll(() => statusOf(salonCard('15:00'))).toBe('rifiutata');

    const rejected = clientCard('15:00');
    await expect.poll(() => statusOf(rejected), live).toBe('rifiutata');
    expect(await rejected.innerText()).toContain('Giornata di formazione');
    await rejected.getByRole('button', { name: /^Elimina la prenotazione di Pulizia viso/ }).click();
    await toast(client, 'success', 'Prenotazione eliminata');
    await rejected.waitFor({ state: 'detached' });
    await salonCard('15:00').waitFor({ state: 'detached', ...live });
    await salonTab('Da confermare');
  });

  it('shows the confirmed appointments in the Agenda, by day and time, with the operator', async () => {
    await open(salon, 'Agenda', 'Agenda');
    const days = salon.getByRole('main').getByRole('list', { name: 'Giorni' }).getByRole('button');
    await days.first().waitFor();
    expect(await days.count()).toBe(7);
    // The bookings were all for the second day offered: today holds none.
    expect(await days.nth(0).innerText()).toMatch(/, 0 appuntamenti/);
    const day = days.nth(1);
    // A week kept from an earlier visit may show first: wait for the one read now.
    await expect
      .poll(() => day.innerText())
      .toMatch(
        /^(lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d{2}-\d{2}-\d{4}, 2 appuntamenti/,
      );
    await day.click();
    const giulia = salon.getByRole('main').getByRole('list', { name: 'Appuntamenti di Giulia' });
    await expect.poll(() => giulia.getByRole('button').count()).toBe(2);
    const rows = (await giulia.getByRole('button').allInnerTexts()).map((row) => row.replace(/\s+/g, ' '));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^10:00–10:45 Chiara Neri, Pulizia viso, con Giulia/);
    // The request without preference got the only operator who performs the treatment.
    expect(rows[1]).toMatch(/^12:00–12:45 Chiara Neri, Pulizia viso, con Giulia/);
    expect(rows.join(' ')).not.toContain('15:00');
    await checkAndShoot(salon, 'merchant-agenda');
  });

  it('renames an operator, keeping the photo, and refuses to delete one with future appointments', async () => {
    await open(salon, 'Impostazioni', 'Impostazioni');
    await salon.getByRole('tab', { name: 'Operatori' }).click();
    await salon.getByRole('button', { name: 'Modifica Giulia' }).click();
    const dialog = salon.getByRole('dialog', { name: 'Modifica operatore' });
    await dialog.getByLabel('Nome').fill('');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Inserisci il nome dell’operatore' }).waitFor();
    await formFocusSettled(salon);
    await dialog.getByLabel('Nome').fill('Giulia Rossi');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await toast(salon, 'success', 'Operatore aggiornato con successo!');
    await salon.getByRole('img', { name: 'Foto di Giulia Rossi' }).waitFor();

    await salon.getByRole('button', { name: 'Elimina Giulia Rossi' }).click();
    const confirm = salon.getByRole('dialog', { name: 'Eliminare Giulia Rossi?' });
    // The dialog says why it cannot go, as the database counts, and offers no way to delete.
    await confirm
      .getByRole('alert')
      .filter({ hasText: 'Giulia Rossi ha 2 appuntamenti futuri confermati' })
      .waitFor();
    expect(await confirm.getByRole('button', { name: 'Elimina' }).count()).toBe(0);
    await salon.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
  });

  it('counts the requests to answer on Prenotazioni, live, at phone and desktop widths', async () => {
    const prenotazioni = (name: string | RegExp) => areaNav(salon).getByRole('link', { name, exact: true });
    expect(await prenotazioni('Prenotazioni').isVisible()).toBe(true);

    await bookThroughSteps(client, {
      treatment: 'Pulizia viso',
      operator: 'Qualsiasi operatore',
      day: 1,
      time: '14:00',
    });
    await toast(client, 'success', 'Prenotazione salvata!');
    expect(await clientCard('14:00').innerText()).toContain('Nessuna preferenza');

    const withCount = prenotazioni(/^Prenotazioni\W*1 da confermare$/);
    await withCount.waitFor(live);
    expect(await withCount.innerText()).toContain('1');
    await checkAndShoot(salon, 'merchant-nav-badge');
    await salon.setViewportSize(desktop);
    await withCount.waitFor();
    await salon.setViewportSize(phone);
  });

  it('confirms a request without preference by choosing a free operator; the badge goes', async () => {
    await areaNav(salon)
      .getByRole('link', { name: /^Prenotazioni\W*1 da confermare$/ })
      .click();
    await heading(salon, 'Prenotazioni');
    const card = salonCard('14:00');
    await card.waitFor(live);
    expect(await card.innerText()).toContain('Nessuna preferenza');
    // At 390 px the tab's words and its count stay on one line.
    const toAnswer = salon.getByRole('main').getByRole('tab', { name: /^Da confermare/ });
    expect(await linesOf(toAnswer)).toBe(1);
    expect(await toAnswer.innerText()).toMatch(/^Da confermare\s+1\s/);
    // At 480 px the side bar leaves less room: still one line, the page never wider than the window.
    await salon.setViewportSize({ width: 480, height: 844 });
    expect(await linesOf(toAnswer)).toBe(1);
    expect(await salon.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(salon, 'merchant-prenotazioni-tabs-480');
    await salon.setViewportSize(phone);
    await card.getByRole('button', { name: 'Conferma la prenotazione di Chiara Neri' }).click();

    const dialog = salon.getByRole('dialog', { name: 'Conferma prenotazione' });
    const giulia = dialog.getByRole('radio', { name: 'Giulia Rossi' });
    await giulia.waitFor();
    expect(await giulia.isChecked()).toBe(true);
    expect(await dialog.getByRole('radio').count()).toBe(1);
    await giulia.check();
    // 'Indietro' and 'Conferma prenotazione' side by side at 390 px.
    const back = await dialog.getByRole('button', { name: 'Indietro' }).boundingBox();
    const submit = await dialog.getByRole('button', { name: 'Conferma prenotazione' }).boundingBox();
    expect(back && submit && Math.abs(back.y - submit.y) < 1 && back.x + back.width <= submit.x).toBe(true);
    await expectAccessible(salon);
    await screenshot(salon, 'merchant-prenotazioni-conferma-operatore-phone');
    await salon.setViewportSize(desktop);
    await expectAccessible(salon);
    await screenshot(salon, 'merchant-prenotazioni-conferma-operatore-desktop');
    await salon.setViewportSize(phone);
    await dialog.getByRole('button', { name: 'Conferma prenotazione' }).click();
    await toast(salon, 'success', 'Prenotazione confermata');
    await dialog.waitFor({ state: 'detached' });

    await salonCard('14:00').waitFor({ state: 'detached' });
    await salonTab('Prossime');
    await expect.poll(() => statusOf(salonCard('14:00'))).toBe('confermata');
    expect(await salonCard('14:00').innerText()).toContain('Giulia Rossi');
    await expect.poll(() => statusOf(clientCard('14:00')), live).toBe('confermata');
    await areaNav(salon).getByRole('link', { name: 'Prenotazioni', exact: true }).waitFor(live);
  });

  it('cancels a confirmed appointment with a required reason; the customer reads it live', async () => {
    const card = salonCard('14:00');
    await card.getByRole('button', { name: 'Annulla l’appuntamento di Chiara Neri' }).click();
    const dialog = salon.getByRole('dialog', { name: 'Annulla appuntamento' });
    await dialog.getByRole('button', { name: 'Annulla appuntamento' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Inserisci la motivazione dell’annullamento' })
      .waitFor();
    const reason = dialog.getByLabel('Motivo', { exact: true });
    expect(await reason.getAttribute('maxlength')).toBe('500');
    await reason.fill('Giulia è in malattia, ci scusiamo');
    await expectAccessible(salon);
    await screenshot(salon, 'merchant-prenotazioni-annulla-phone');
    await salon.setViewportSize(desktop);
    await expectAccessible(salon);
    await screenshot(salon, 'merchant-prenotazioni-annulla-desktop');
    await salon.setViewportSize(phone);
    await dialog.getByRole('button', { name: 'Annulla appuntamento' }).click();
    await toast(salon, 'success', 'Appuntamento annullato');
    await dialog.waitFor({ state: 'detached' });

    await salonCard('14:00').waitFor({ state: 'detached' });
    await salonTab('Storico');
    await expect.poll(() => statusOf(salonCard('14:00'))).toBe('annullata');
    expect(await salonCard('14:00').getByRole('button').count()).toBe(0);
    const cancelled = clientCard('14:00');
    await expect.poll(() => statusOf(cancelled), live).toBe('annullata');
    expect(await cancelled.innerText()).toContain('Giulia è in malattia');
  });

  it('lets the customer cancel within the salon’s notice, says why not after it, and keeps the past apart', async () => {
    // A notice longer than the window: the confirmed appointments can no longer be cancelled online.
    await asOwner('set_cancellation_notice', { hours: 168 });
    await client.reload();
    await heading(client, 'Prenota');
    const confirmed = clientCard('10:00');
    await confirmed.waitFor();
    expect(await confirmed.innerText()).toContain(
      "Non è più possibile annullare online: mancano meno di 168 ore all'appuntamento. Chiama il salone al 3331234567",
    );
    expect(await confirmed.getByRole('button', { name: /^Annulla/ }).count()).toBe(0);

    // Without notice, it may be cancelled until it starts; 'No, tienila' keeps it.
    await asOwner('set_cancellation_notice', { hours: 0 });
    await client.reload();
    await heading(client, 'Prenota');
    await clientCard('10:00')
      .getByText(/^Puoi annullare online fino a \d{2}-\d{2}-\d{4} alle 10:00\.$/)
      .waitFor();
    await clientCard('10:00')
      .getByRole('button', { name: /^Annulla la prenotazione di Pulizia viso/ })
      .click();
    const ask = client.getByRole('dialog', { name: 'Annullare la prenotazione?' });
    await ask.waitFor();
    await expectAccessible(client);
    await screenshot(client, 'client-prenota-annulla-phone');
    await ask.getByRole('button', { name: 'No, tienila' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await statusOf(clientCard('10:00'))).toBe('confermata');

    // A new request, cancelled: the salon sees it live.
    await bookThroughSteps(client, {
      treatment: 'Pulizia viso',
      operator: 'Giulia Rossi',
      day: 2,
      time: '16:00',
    });
    await toast(client, 'success', 'Prenotazione salvata!');
    await salonTab('Da confermare');
    await salonCard('16:00').waitFor(live);
    await clientCard('16:00')
      .getByRole('button', { name: /^Annulla la prenotazione di Pulizia viso/ })
      .click();
    await ask.getByRole('button', { name: 'Sì, annulla' }).click();
    await toast(client, 'success', 'Prenotazione annullata');
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => statusOf(clientCard('16:00'))).toBe('annullata');
    // It leaves the salon's requests to answer live, and is in the history.
    await salonCard('16:00').waitFor({ ...live, state: 'detached' });
    await salonTab('Storico');
    await expect.poll(() => statusOf(salonCard('16:00')), live).toBe('annullata');

    // An appointment three days ago is among the past ones, which may be deleted (an hour after the start).
    expect(await past(client).count()).toBe(0);
    await server.server.context.db.query(
      `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
         starts_at, ends_at, status)
       select m.id, c.id, t.id, t.name, o.id, now() - interval '3 days', now() - interval '3 days' + interval '45 minutes',
              'confermata'
         from app.merchants m
         join app.clients c on c.merchant_id = m.id
         join app.treatments t on t.merchant_id = m.id
         join app.operators o on o.merchant_id = m.id
        where m.slug = $1`,
      [slug],
    );
    const earlier = past(client).getByRole('article');
    await earlier.waitFor(live);
    expect(await statusOf(earlier)).toBe('confermata');
    expect(await upcoming(client).getByRole('article').count()).toBeGreaterThan(0);
    await checkAndShoot(client, 'client-prenota-prenotazioni');
    await earlier.getByRole('button', { name: /^Elimina la prenotazione di Pulizia viso/ }).click();
    await toast(client, 'success', 'Prenotazione eliminata');
    await past(client).waitFor({ state: 'detached' });
    await client.getByText('Nessuna prenotazione passata.').waitFor();

    // A photo that does not load leaves the operator's initials.
    await client.route('**/storage/v1/object/public/operatori/**', (route) => route.abort());
    await client.reload();
    await heading(client, 'Prenota');
    await step(client, 'Trattamento')
      .getByRole('radio', { name: /^Pulizia viso/ })
      .check();
    const giulia = optionOf(
      step(client, 'Operatore').getByRole('radio', { name: 'Giulia Rossi', exact: true }),
    );
    await giulia.locator('[data-initials]').filter({ hasText: 'GR' }).waitFor();
    expect(await giulia.locator('img').count()).toBe(0);
    await client.unrouteAll();
  });
});
