import { PNG } from 'pngjs';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../support/app-server.ts';
import { desktop, launchBrowser, phone, screenshot } from '../support/browser.ts';
import { signedIn } from '../support/fixtures.ts';
import type { TestClient, TestServer } from '../support/test-server.ts';
import {
  closeToasts,
  appServerOptions,
  createMerchant,
  expectAccessible,
  heading,
  joinMerchant,
  openFromNav,
  waitForPath,
  formFocusSettled,
} from './helpers.ts';

const merchantAccount = { name: 'Centro Viola', email: 'viola@centri.test', password: 'segreta-viola' };
const widths = [320, 360, 390, 414, 480];
const live = { timeout: 15_000 };

/** A square PNG of one colour, as an image picked from the device. */
function squareImage(side: number, rgb: [number, number, number]): Buffer {
  const png = new PNG({ width: side, height: side });
  for (let index = 0; index < png.data.length; index += 4) {
    png.data.set([...rgb, 255], index);
  }
  return PNG.sync.write(png);
}

function toast(page: Page, type: 'success' | 'error', text: string): Promise<void> {
  return page.locator(`[data-sonner-toast][data-type="${type}"]`).filter({ hasText: text }).first().waitFor();
}

/**
 * The screen as it is now: nothing scrolls sideways from 320 to 480 px (the page, nor an open
 * dialog), axe finds nothing at 390 and
 * 1280 px, and both are saved as screenshots; the viewport is then as it was.
 */
async function checkScreen(page: Page, name: string) {
  const viewport = page.viewportSize() ?? phone;
  await closeToasts(page);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(extra, `${name} at ${width} px`).toBe(0);
    // A dialog scrolls only vertically: nothing in it is cut on the right.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('[role="dialog"]')].flatMap((dialog) => {
        const edge = dialog.getBoundingClientRect().right - 1;
        return dialog.scrollWidth > dialog.clientWidth
          ? [...dialog.querySelectorAll('*')]
              .filter((element) => element.getBoundingClientRect().right > edge)
              .slice(-3)
              .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class')}">`)
          : [];
      }),
    );
    expect(cut, `${name}: what a dialog cuts at ${width} px`).toEqual([]);
  }
  await page.setViewportSize(phone);
  await expectAccessible(page);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(desktop);
  await expectAccessible(page);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(viewport);
}

const alert = (scope: Page | Locator, text: string) => scope.getByRole('alert').filter({ hasText: text });

describe('Impostazioni: the salon edits its hours, operators, treatments, logo and notice', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let slug: string;
  let merchantId: string;
  /** The merchant's own supabase-js session: reads back what the screens saved. */
  let owner: TestClient;
  let anna: string;

  const rpc = async <T>(fn: string, args: Record<string, unknown> = {}) => {
    const { data, error } = await owner.rpc(fn, args);
    expect(error).toBeNull();
    return data as T;
  };

  beforeAll(async () => {
    server = await startAppServer(appServerOptions);
    browser = await launchBrowser();
    slug = (await createMerchant(server, merchantAccount)).slug;
    owner = await signedIn(server, merchantAccount);
    merchantId = (await rpc<{ id: string }>('merchant_profile')).id;
    const photo = squareImage(24, [180, 60, 110]);
    const operator = async (name: string) => {
      const path = `${merchantId}/${name.toLowerCase()}.png`;
      const upload = await owner.storage.from('operatori').upload(path, photo, { contentType: 'image/png' });
      expect(upload.error).toBeNull();
      return (await rpc<{ id: string }>('add_operator', { name, image_path: path })).id;
    };
    anna = await operator('Anna');
    const bea = await operator('Bea');
    const piega = await rpc<{ id: string }>('add_treatment', {
      name: 'Piega',
      description: 'Lavaggio e piega',
      duration_minutes: 45,
      price: 25,
    });
    // A customer with a confirmed appointment with Anna and a request naming Bea, both ahead.
    const code = await joinMerchant(server, {
      merchantSlug: slug,
      name: 'Chiara Neri',
      email: 'chiara@clienti.test',
      password: 'password-chiara',
    });
    for (const [operatorId, status, days] of [
      [anna, 'confermata', 3],
      [bea, 'in attesa', 4],
    ] as const) {
      await server.server.context.db.query(
        `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
           starts_at, ends_at, status)
         select c.merchant_id, c.id, $2, 'Piega', $3, s, s + interval '45 minutes', $4
           from app.clients c, (select date_trunc('day', now()) + make_interval(days => $5, hours => 9) as s) as t
          where c.code = $1`,
        [code, piega.id, operatorId, status, days],
      );
    }
    page = await (await browser.newContext({ viewport: phone, locale: 'it-IT' })).newPage();
    await page.goto(`${server.url}/merchant/${slug}`);
    await page.getByLabel('Email').fill(merchantAccount.email);
    await page.getByLabel('Password').fill(merchantAccount.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await waitForPath(page, '/dashboard/registrazioni');
    await openFromNav(page, 'Impostazioni');
    await heading(page, 'Impostazioni');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sets the opening hours by weekday with several ranges; the database refuses overlaps', async () => {
    expect(await page.getByRole('tab', { name: 'Orari' }).getAttribute('aria-selected')).toBe('true');
    const hours = page.getByRole('form', { name: 'Orari di apertura' });
    await hours.getByLabel('Domenica: aperto').uncheck();
    await hours.getByLabel('Lunedì, fascia 1: chiusura').fill('13:00');
    await hours.getByRole('button', { name: 'Aggiungi fascia a Lunedì' }).click();
    await hours.getByLabel('Lunedì, fascia 2: apertura').fill('14:00');
    await hours.getByLabel('Lunedì, fascia 2: chiusura').fill('19:00');
    await hours.getByRole('button', { name: 'Salva orari' }).click();
    await toast(page, 'success', 'Orari di apertura aggiornati');
    await checkScreen(page, 'merchant-impostazioni-orari');

    // A range that closes before it opens is named by its day and place, before anything is sent.
    await hours.getByRole('button', { name: 'Aggiungi fascia a Martedì' }).click();
    await hours.getByLabel('Martedì, fascia 2: chiusura').fill('18:00');
    await hours.getByRole('button', { name: 'Salva orari' }).click();
    await alert(hours, "Martedì, seconda fascia: la chiusura deve essere dopo l'apertura").waitFor();
    await checkScreen(page, 'merchant-impostazioni-orari-fascia-non-valida');
    await hours.getByRole('button', { name: 'Rimuovi la fascia 2 di Martedì' }).click();
    expect(
      (await rpc<{ opening_hours: { weekday: number }[] }>('booking_calendar')).opening_hours.filter(
        (range) => range.weekday === 2,
      ),
    ).toHaveLength(1);

    // Overlapping ranges: SQL's message, and the stored hours stay.
    await hours.getByLabel('Lunedì, fascia 2: apertura').fill('12:00');
    await hours.getByRole('button', { name: 'Salva orari' }).click();
    await alert(hours, 'Gli orari di uno stesso giorno non possono sovrapporsi').waitFor();
    const stored = await rpc<{ opening_hours: { weekday: number; opens: string; closes: string }[] }>(
      'booking_calendar',
    );
    expect(stored.opening_hours.filter((range) => range.weekday === 1)).toEqual([
      { weekday: 1, opens: '09:00', closes: '13:00' },
      { weekday: 1, opens: '14:00', closes: '19:00' },
    ]);
    expect(stored.opening_hours.map((range) => range.weekday)).not.toContain(7);
    expect(stored.opening_hours).toHaveLength(7);

    // After a reload the editor shows what is stored.
    await page.reload();
    await heading(page, 'Impostazioni');
    expect(await hours.getByLabel('Domenica: aperto').isChecked()).toBe(false);
    expect(await hours.getByLabel('Lunedì, fascia 2: apertura').inputValue()).toBe('14:00');
  });

  it('closes the salon for a range of days with a reason, shown as one period, then reopens it', async () => {
    const closures = page.getByRole('form', { name: 'Giorni di chiusura' });
    await closures.getByRole('button', { name: 'Aggiungi chiusura' }).click();
    await alert(closures, 'Indica il giorno di chiusura').waitFor();
    await formFocusSettled(page);
    await closures.getByLabel('Giorno di chiusura').fill('2030-12-26');
    await closures.getByLabel('Ultimo giorno (facoltativo)').fill('2030-12-24');
    await closures.getByRole('button', { name: 'Aggiungi chiusura' }).click();
    await alert(closures, "L'ultimo giorno deve seguire il primo, entro un anno").waitFor();
    // Said by the form, before anything is sent: no closure was stored.
    expect(await closures.getByLabel('Ultimo giorno (facoltativo)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect((await rpc<{ closure_days: unknown[] }>('booking_calendar')).closure_days).toEqual([]);
    await checkScreen(page, 'merchant-impostazioni-chiusura-errore');
    await closures.getByLabel('Giorno di chiusura').fill('2030-12-24');
    await closures.getByLabel('Ultimo giorno (facoltativo)').fill('2030-12-26');
    await closures.getByLabel('Motivo (facoltativo)').fill('Festività natalizie');
    await closures.getByRole('button', { name: 'Aggiungi chiusura' }).click();
    await toast(page, 'success', 'Giorni di chiusura aggiunti');
    // The three days show as one period, not one line a day.
    const list = page.getByRole('list', { name: 'Giorni di chiusura' });
    await list.getByText('dal 24 al 26 dicembre 2030').waitFor();
    expect((await list.innerText()).replace(/\s+/g, ' ')).toContain(
      'dal 24 al 26 dicembre 2030 · Festività natalizie',
    );
    const stored = await rpc<{ closure_days: { day: string; reason: string }[] }>('booking_calendar');
    expect(stored.closure_days).toEqual(
      ['2030-12-24', '2030-12-25', '2030-12-26'].map((day) => ({ day, reason: 'Festività natalizie' })),
    );
    await closures.getByLabel('Giorno di chiusura').fill('2030-12-31');
    await closures.getByRole('button', { name: 'Aggiungi chiusura' }).click();
    await list.getByText('31 dicembre 2030').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    await checkScreen(page, 'merchant-impostazioni-chiusure');
    // The three days go in one call, not one a day.
    const closureCalls: string[] = [];
    const countClosureCalls = (request: Request) => {
      const name = new URL(request.url()).pathname.split('/').at(-1)!;
      if (name.includes('salon_closure')) closureCalls.push(name);
    };
    page.on('request', countClosureCalls);
    await page.getByRole('button', { name: 'Rimuovi la chiusura: dal 24 al 26 dicembre 2030' }).click();
    await toast(page, 'success', 'Giorni di chiusura rimossi');
    await list.getByText('dal 24 al 26 dicembre 2030').waitFor({ state: 'detached' });
    page.off('request', countClosureCalls);
    expect(closureCalls).toEqual(['remove_salon_closure']);
    await page.getByRole('button', { name: 'Rimuovi la chiusura: 31 dicembre 2030' }).click();
    await toast(page, 'success', 'Giorno di chiusura rimosso');
    await page.getByText('Nessun giorno di chiusura.').waitFor();
    expect((await rpc<{ closures: string[] }>('booking_calendar')).closures).toEqual([]);
  });

  it('gives an operator hours within the salon’s and an absence, from the operator’s card', async () => {
    await page.getByRole('tab', { name: 'Operatori' }).click();
    // On a phone the card's buttons sit on the operator's name's row, and the photo field's text is whole.
    const buttons = page.getByRole('button', { name: /^(Orari e assenze di|Modifica|Elimina) Anna$/ });
    const name = page.getByText('Anna', { exact: true });
    const nameBox = (await name.boundingBox())!;
    for (const button of await buttons.all()) {
      const box = (await button.boundingBox())!;
      expect(box.y).toBeLessThan(nameBox.y + nameBox.height);
      expect(box.y + box.height).toBeGreaterThan(nameBox.y);
    }
    const noPhoto = page.getByRole('form', { name: 'Nuovo operatore' }).getByText('Nessuna foto scelta');
    expect(await noPhoto.evaluate((text) => text.scrollWidth <= text.clientWidth)).toBe(true);
    await checkScreen(page, 'merchant-impostazioni-operatori-scheda');
    await page.getByRole('button', { name: 'Orari e assenze di Anna' }).click();
    const dialog = page.getByRole('dialog', { name: 'Orari e assenze di Anna' });
    const hours = dialog.getByRole('form', { name: 'Orari di lavoro' });
    await hours.getByLabel('Segue gli orari del salone').uncheck();
    // The editor starts from the salon's hours: Monday 09:00-13:00 and 14:00-19:00, Sunday closed.
    expect(await hours.getByLabel('Lunedì, fascia 2: apertura').inputValue()).toBe('14:00');
    expect(await hours.getByLabel('Domenica: aperto').isChecked()).toBe(false);
    await hours.getByLabel('Martedì, fascia 1: apertura').fill('08:00');
    await hours.getByRole('button', { name: 'Salva orari' }).click();
    await alert(
      hours,
      "Gli orari dell'operatore devono rientrare negli orari di apertura del salone",
    ).waitFor();
    await hours.getByLabel('Martedì, fascia 1: apertura').fill('10:00');
    await hours.getByLabel('Mercoledì: aperto').uncheck();
    await hours.getByRole('button', { name: 'Salva orari' }).click();
    await toast(page, 'success', "Orari dell'operatore aggiornati");
    const calendar = await rpc<{ operator_hours: { operator_id: string; weekday: number; opens: string }[] }>(
      'booking_calendar',
    );
    const annas = calendar.operator_hours.filter((range) => range.operator_id === anna);
    expect(annas.find((range) => range.weekday === 2)?.opens).toBe('10:00');
    expect(annas.map((range) => range.weekday)).not.toContain(3);

    const absence = dialog.getByRole('form', { name: 'Aggiungi assenza' });
    await absence.getByLabel('Primo giorno').fill('2030-08-10');
    await absence.getByLabel('Ultimo giorno').fill('2030-08-01');
    await absence.getByRole('button', { name: 'Aggiungi assenza' }).click();
    await alert(absence, "L'ultimo giorno deve seguire il primo, entro un anno").waitFor();
    expect(await absence.getByLabel('Ultimo giorno').getAttribute('aria-invalid')).toBe('true');
    const { absences } = await rpc<{ absences: { from_day: string }[] }>('booking_calendar');
    expect(absences.filter((stored) => stored.from_day === '2030-08-10')).toEqual([]);
    await absence.getByLabel('Ultimo giorno').fill('2030-08-20');
    await absence.getByRole('button', { name: 'Aggiungi assenza' }).click();
    await toast(page, 'success', 'Assenza registrata');
    await dialog.getByText('dal 10 al 20 agosto 2030').waitFor();
    await checkScreen(page, 'merchant-impostazioni-operatore-orari');
    await dialog.getByRole('button', { name: 'Rimuovi l’assenza: dal 10 al 20 agosto 2030' }).click();
    await toast(page, 'success', 'Assenza eliminata');
    await dialog.getByText('Nessuna assenza registrata.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('explains what deleting an operator does before it is deleted', async () => {
    await page.getByRole('button', { name: 'Elimina Anna' }).click();
    const blocked = page.getByRole('dialog', { name: 'Eliminare Anna?' });
    await alert(blocked, 'Anna ha 1 appuntamento futuro confermato').waitFor();
    expect(await blocked.getByRole('button', { name: 'Elimina' }).count()).toBe(0);
    await checkScreen(page, 'merchant-impostazioni-elimina-operatore');
    await blocked.getByRole('button', { name: 'Chiudi' }).first().click();
    await blocked.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Elimina Bea' }).click();
    const waiting = page.getByRole('dialog', { name: 'Eliminare Bea?' });
    await waiting.getByText('1 richiesta in attesa che indica Bea passerà a «Nessuna preferenza».').waitFor();
    await waiting.getByRole('button', { name: 'Elimina' }).click();
    await toast(page, 'success', 'Operatore eliminato');
    await page.getByRole('img', { name: 'Foto di Bea' }).waitFor({ state: 'detached' });
    const operators = await rpc<{ name: string }[]>('list_operators');
    expect(operators.map((operator) => operator.name)).toEqual(['Anna']);
    await checkScreen(page, 'merchant-impostazioni-operatori');
  });

  it('edits a treatment in place, with the database’s bounds, and asks before deleting it', async () => {
    await page.getByRole('tab', { name: 'Trattamenti' }).click();
    // Every required field says so before the first submit: a visible '*' (explained) and aria-required.
    const newTreatment = page.getByRole('form', { name: 'Nuovo trattamento' });
    await newTreatment.getByText('I campi con * sono obbligatori.').waitFor();
    for (const label of ['Nome', 'Descrizione', 'Durata (minuti)', 'Prezzo']) {
      const field = newTreatment.getByLabel(label);
      expect(await field.getAttribute('aria-required'), label).toBe('true');
      const shown = await newTreatment.locator(`label[for="${await field.getAttribute('id')}"]`).innerText();
      expect(shown.trim(), label).toBe(`${label}*`);
    }
    const operatorsGroup = newTreatment.getByRole('group', { name: /^Operatori/ });
    expect((await operatorsGroup.locator('legend').innerText()).trim()).toBe('Operatori*');
    await page.getByRole('button', { name: 'Modifica Piega' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica trattamento' });
    expect(await dialog.getByLabel('Nome').inputValue()).toBe('Piega');
    // A person taps into a field with a unit (it shows '45 min' until then) and types the new value:
    // the number alone is selected, so what she types replaces it.
    const retype = async (label: string, value: string) => {
      const field = dialog.getByLabel(label);
      await field.click();
      expect(
        await field.evaluate((input: HTMLInputElement) =>
          input.value.slice(input.selectionStart!, input.selectionEnd!),
        ),
      ).toBe(await field.inputValue());
      await page.keyboard.type(value);
      expect(await field.inputValue()).toBe(value);
    };
    // A price that is not a number shows without its '€', which would read as part of the mistake.
    await retype('Prezzo', 'abc');
    await dialog.getByLabel('Nome').focus();
    expect(await dialog.getByLabel('Prezzo').inputValue()).toBe('abc');
    await retype('Prezzo', '30');
    await dialog.getByLabel('Nome').focus();
    expect(await dialog.getByLabel('Prezzo').inputValue()).toBe('30€');
    await retype('Durata (minuti)', '700');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await alert(dialog, 'La durata deve essere compresa tra 5 e 600 minuti').waitFor();
    // The cursor goes to the refused field.
    await expect
      .poll(() => dialog.getByLabel('Durata (minuti)').evaluate((input) => input === document.activeElement))
      .toBe(true);
    await formFocusSettled(page);
    await dialog.getByLabel('Nome').fill('Piega lunga');
    await retype('Durata (minuti)', '75');
    await retype('Prezzo', '32,50');
    await dialog.getByLabel('Tutti gli operatori').uncheck();
    await dialog.getByLabel('Anna').check();
    await checkScreen(page, 'merchant-impostazioni-modifica-trattamento');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await toast(page, 'success', 'Trattamento aggiornato');
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByRole('article').filter({ hasText: 'Piega lunga' });
    await card.waitFor();
    const shown = (await card.innerText()).replace(/\s+/g, ' ');
    expect(shown).toContain('75 min');
    expect(shown).toContain('€ 32,50');
    expect(shown).toContain('Anna');
    const [stored] =
      await rpc<{ duration_minutes: number; price: number; operator_ids: string[] }[]>('list_treatments');
    expect(stored).toMatchObject({ duration_minutes: 75, operator_ids: [anna] });
    expect(Number(stored!.price)).toBe(32.5);

    await page.getByRole('button', { name: 'Elimina Piega lunga' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminare Piega lunga?' });
    await confirm.getByText('le prenotazioni già fatte conservano il nome del trattamento').waitFor();
    await confirm.getByRole('button', { name: 'Annulla' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await rpc<unknown[]>('list_treatments')).toHaveLength(1);
    await checkScreen(page, 'merchant-impostazioni-trattamenti');
  });

  it('uploads the salon’s logo with a preview, shown then on the login page', async () => {
    // This part as on the salon's computer: the side bar, 1280 px.
    await page.setViewportSize(desktop);
    await page.getByRole('tab', { name: 'Salone' }).click();
    await page.getByText('Nessun logo caricato.').waitFor();
    const form = page.getByRole('form', { name: 'Logo del salone' });
    await form.getByRole('button', { name: 'Salva logo' }).click();
    await alert(form, 'Scegli un’immagine per il logo').waitFor();
    await form
      .getByLabel('Nuovo logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: squareImage(800, [90, 40, 120]) });
    await form.getByRole('img', { name: 'Anteprima del nuovo logo' }).waitFor();
    await checkScreen(page, 'merchant-impostazioni-logo-anteprima');
    await form.getByRole('button', { name: 'Salva logo' }).click();
    await toast(page, 'success', 'Logo aggiornato');
    const current = page.getByRole('img', { name: 'Logo attuale' });
    await current.waitFor(live);
    await expect
      .poll(() => current.evaluate((image) => (image as HTMLImageElement).naturalWidth), live)
      .toBe(512);

    const visitor = await browser.newPage({ viewport: phone });
    await visitor.goto(`${server.url}/merchant/${slug}`);
    const logo = visitor.getByRole('img', { name: `Logo di ${merchantAccount.name}` });
    await logo.waitFor(live);
    await expect
      .poll(() => logo.evaluate((image) => (image as HTMLImageElement).naturalWidth), live)
      .toBeGreaterThan(0);
    await visitor.close();
  });

  it('sets the cancellation notice within 0–168 hours', async () => {
    await page.setViewportSize(desktop);
    const form = page.getByRole('form', { name: 'Annullamenti' });
    const field = form.getByLabel('Preavviso di annullamento (ore)');
    expect(await field.inputValue()).toBe('24');
    await field.fill('200');
    await form.getByRole('button', { name: 'Salva preavviso' }).click();
    await alert(form, 'Il preavviso di annullamento deve essere tra 0 e 168 ore').waitFor();
    await formFocusSettled(page);
    await field.fill('48');
    await form.getByRole('button', { name: 'Salva preavviso' }).click();
    await toast(page, 'success', 'Preavviso di annullamento aggiornato');
    expect(await rpc<{ cancellation_notice_hours: number }>('booking_settings')).toMatchObject({
      cancellation_notice_hours: 48,
    });
    await checkScreen(page, 'merchant-impostazioni-salone');
  });

  it('saves the salon’s address and which booking e-mails go out', async () => {
    const addressForm = page.getByRole('form', { name: 'Indirizzo del salone' });
    await addressForm.getByLabel('Indirizzo del salone').fill('Via Roma 1, Milano');
    await addressForm.getByRole('button', { name: 'Salva indirizzo' }).click();
    await toast(page, 'success', 'Indirizzo del salone aggiornato');

    const emails = page.getByRole('form', { name: 'Indirizzo ed e-mail' });
    const reminders = emails.getByLabel('Invia alle clienti un promemoria 24 ore prima dell’appuntamento');
    const requests = emails.getByLabel('Ricevi un’e-mail a ogni nuova richiesta di prenotazione');
    expect(await reminders.isChecked()).toBe(true);
    const second = emails.getByLabel('Invia anche un secondo promemoria 2 ore prima dell’appuntamento');
    expect(await requests.isChecked()).toBe(true);
    expect(await second.isChecked()).toBe(false);
    await reminders.uncheck();
    await second.check();
    await emails.getByRole('button', { name: 'Salva scelte e-mail' }).click();
    await toast(page, 'success', 'Impostazioni delle e-mail aggiornate');
    expect(await rpc('booking_settings')).toMatchObject({
      address: 'Via Roma 1, Milano',
      new_request_emails: true,
      reminder_emails: false,
      second_reminder_emails: true,
    });

    // What was saved is what the screen shows after a reload.
    await page.reload();
    await page.getByRole('tab', { name: 'Salone' }).click();
    expect(await page.getByRole('textbox', { name: 'Indirizzo del salone' }).inputValue()).toBe(
      'Via Roma 1, Milano',
    );
    expect(
      await page.getByLabel('Invia alle clienti un promemoria 24 ore prima dell’appuntamento').isChecked(),
    ).toBe(false);
    expect(
      await page.getByLabel('Invia anche un secondo promemoria 2 ore prima dell’appuntamento').isChecked(),
    ).toBe(true);
    await checkScreen(page, 'merchant-impostazioni-salone-email');
  });
});
