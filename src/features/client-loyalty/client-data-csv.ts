import type { ClientData } from '@/features/client-loyalty/api/export-client-data';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { csvAmount, csvField, csvText } from '@/lib/csv';
import { formatDateTime } from '@/lib/format';

const t = clientLoyaltyTexts.privacy.csv;

const text = (value: string | null | undefined) => csvField(value ?? '');
const money = (value: number | string) => csvAmount(Number(value));
const yesNo = (value: boolean) => (value ? t.yes : t.no);

/**
 * The customer's data as one CSV that a spreadsheet opens: a section per table (profile, purchases,
 * credit movements, reservations, consents), each a title line, its header and its rows, with an
 * empty line between sections; dates in Rome, amounts with a decimal comma.
 */
export function clientDataCsv(data: ClientData): string {
  const { profile } = data;
  const lines: string[][] = [
    [t.title, text(data.salon.name), formatDateTime(data.exported_at)],
    [],
    [t.profile],
    [t.field, t.value],
    [t.code, text(profile.code)],
    [t.name, text(profile.name)],
    [t.email, text(profile.email)],
    [t.phone, text(profile.phone)],
    [t.registeredAt, formatDateTime(profile.registered_at)],
    [t.sponsorCode, text(profile.sponsor_code)],
    [t.availableCredit, money(profile.available_credit)],
    [],
    [t.purchases],
    [t.date, t.spend, t.discount, t.net, t.reversal, t.reversalReason],
    ...data.purchases.map((row) => [
      formatDateTime(row.created_at),
      money(row.spend),
      money(row.discount),
      money(row.net),
      yesNo(row.reversal),
      text(row.reversal_reason),
    ]),
    [],
    [t.ledger],
    [t.date, t.kind, t.amount],
    ...data.credit_ledger.map((row) => [
      formatDateTime(row.created_at),
      text(t.kinds[row.kind as keyof typeof t.kinds] ?? row.kind),
      money(row.amount),
    ]),
    [],
    [t.reservations],
    [t.startsAt, t.endsAt, t.treatment, t.operator, t.status, t.notes],
    ...data.reservations.map((row) => [
      formatDateTime(row.starts_at),
      formatDateTime(row.ends_at),
      text(row.treatment),
      text(row.operator),
      text(row.status),
      text(row.notes),
    ]),
    [],
    [t.consents],
    [t.consentKind, t.granted, t.noticeVersion, t.recordedAt],
    ...data.consents.map((row) => [
      text(t.consentKinds[row.kind as keyof typeof t.consentKinds] ?? row.kind),
      yesNo(row.granted),
      text(row.notice_version),
      formatDateTime(row.recorded_at),
    ]),
  ];
  return csvText(lines);
}

/** 'dati_saloneaurora_A00001.csv' (or .json). */
export function clientDataFileName(data: ClientData, extension: 'csv' | 'json'): string {
  return `dati_${data.salon.slug}_${data.profile.code}`.replace(/[^\w-]/g, '') + `.${extension}`;
}
