import { describe, expect, it } from 'vitest';
import { absenceFormSchema, closureFormSchema } from '@/features/booking-merchant/day-range-forms';

const firstMessage = (draft: { fromDay: string; toDay: string; reason: string }) =>
  closureFormSchema.safeParse(draft).error?.issues[0]?.message ?? null;

describe('the closure form', () => {
  it('sends one day, or a range, with a trimmed reason', () => {
    expect(closureFormSchema.parse({ fromDay: '2026-12-24', toDay: '', reason: ' Natale ' })).toEqual({
      fromDay: '2026-12-24',
      toDay: null,
      reason: 'Natale',
    });
    expect(closureFormSchema.parse({ fromDay: '2026-08-01', toDay: '2027-08-02', reason: '' }).toDay).toBe(
      '2027-08-02',
    );
  });

  it('says in Italian what the database would refuse', () => {
    expect(firstMessage({ fromDay: '', toDay: '', reason: '' })).toBe('Indica il giorno di chiusura');
    expect(firstMessage({ fromDay: '2026-08-10', toDay: '2026-08-09', reason: '' })).toBe(
      "L'ultimo giorno deve seguire il primo, entro un anno",
    );
    expect(firstMessage({ fromDay: '2026-08-01', toDay: '2027-08-03', reason: '' })).toBe(
      "L'ultimo giorno deve seguire il primo, entro un anno",
    );
    expect(firstMessage({ fromDay: '2026-08-01', toDay: '', reason: 'x'.repeat(101) })).toBe(
      'Il motivo può contenere al massimo 100 caratteri',
    );
  });
});

describe('the absence form', () => {
  const messages = (draft: { fromDay: string; toDay: string }) =>
    absenceFormSchema.safeParse(draft).error?.issues.map((issue) => issue.message) ?? [];

  it('needs both days, the last within a year of the first, with the database’s messages', () => {
    expect(absenceFormSchema.parse({ fromDay: '2026-12-01', toDay: '2026-12-01' })).toEqual({
      fromDay: '2026-12-01',
      toDay: '2026-12-01',
    });
    expect(messages({ fromDay: '', toDay: '2026-12-01' })).toEqual([
      'Indica operatore, primo e ultimo giorno di assenza',
    ]);
    expect(messages({ fromDay: '2026-12-02', toDay: '2026-12-01' })).toEqual([
      "L'ultimo giorno deve seguire il primo, entro un anno",
    ]);
  });
});
