import { describe, expect, it } from 'vitest';
import { mapsSearchUrl, telHref } from '@/features/merchants/components/salon-contacts';
import { weeklyHours } from '@/features/merchants/components/salon-hours';
import { groupedByInitial, matchingTreatments } from '@/features/merchants/components/salon-treatments';

const treatment = (name: string, description = '') => ({
  id: name,
  name,
  description,
  duration_minutes: 30,
  price: 20,
});

describe("the salon page's contacts", () => {
  it('opens the salon in the maps by name and address, encoded', () => {
    expect(mapsSearchUrl('Salone & Co', 'Via Roma 1, Milano')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Salone%20%26%20Co%2C%20Via%20Roma%201%2C%20Milano',
    );
  });

  it('dials the digits and a leading +', () => {
    expect(telHref('+39 02 123.45-67')).toBe('tel:+39021234567');
  });
});

describe("the salon page's week", () => {
  it('lists Monday to Sunday with each day\'s ranges, and "Chiuso" for a day without', () => {
    expect(
      weeklyHours([
        { weekday: 2, opens: '09:00', closes: '13:00' },
        { weekday: 2, opens: '14:00', closes: '19:00' },
        { weekday: 7, opens: '10:00', closes: '12:00' },
      ]),
    ).toEqual([
      { day: 'Lunedì', ranges: 'Chiuso' },
      { day: 'Martedì', ranges: '09:00–13:00, 14:00–19:00' },
      { day: 'Mercoledì', ranges: 'Chiuso' },
      { day: 'Giovedì', ranges: 'Chiuso' },
      { day: 'Venerdì', ranges: 'Chiuso' },
      { day: 'Sabato', ranges: 'Chiuso' },
      { day: 'Domenica', ranges: '10:00–12:00' },
    ]);
  });
});

describe("the salon page's treatments", () => {
  const all = [
    treatment('Pulizia viso', 'Pelle luminosa'),
    treatment('Épilation'),
    treatment('manicure', 'Smalto semipermanente'),
    treatment('3D ciglia'),
    treatment('Massaggio'),
  ];

  it('finds every word of the search in the name or description, case and accents aside', () => {
    expect(matchingTreatments(all, '  SMALTO mani ').map((found) => found.name)).toEqual(['manicure']);
    expect(matchingTreatments(all, 'epil').map((found) => found.name)).toEqual(['Épilation']);
    expect(matchingTreatments(all, 'luminosa viso').map((found) => found.name)).toEqual(['Pulizia viso']);
    expect(matchingTreatments(all, '')).toEqual(all);
    expect(matchingTreatments(all, 'shampoo')).toEqual([]);
  });

  it('groups by initial in alphabetical order, accents folded, digits under #', () => {
    expect(
      groupedByInitial(all).map((group) => [group.initial, group.items.map((item) => item.name)]),
    ).toEqual([
      ['#', ['3D ciglia']],
      ['E', ['Épilation']],
      ['M', ['manicure', 'Massaggio']],
      ['P', ['Pulizia viso']],
    ]);
  });
});
