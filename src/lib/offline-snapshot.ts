import * as z from 'zod/mini';
import { authStorageKey } from '@/lib/supabase';

/**
 * What a customer last saw of each of her salons, kept on her device so the app opened offline can
 * still show her credit and next appointment, marked as not up to date. One entry per signed-in user;
 * signing out removes them all. Only what the screens had already shown her is kept.
 */
export interface SalonSnapshot {
  merchantSlug: string;
  merchantName: string;
  clientName: string;
  clientCode: string;
  /** Null until the credit has been read once. */
  availableCredit: number | string | null;
  /** Undefined until the reservations have been read once; null when none is planned. */
  nextAppointment?: {
    date: string;
    time: string;
    treatmentName: string;
    operatorName: string | null;
    status: string;
  } | null;
  /** When the credit or the appointments were last read from the server (ISO 8601); '' before. */
  savedAt: string;
}

const salonSnapshotSchema = z.object({
  merchantSlug: z.string(),
  merchantName: z.string(),
  clientName: z.string(),
  clientCode: z.string(),
  availableCredit: z.union([z.number(), z.string(), z.null()]),
  nextAppointment: z.optional(
    z.nullable(
      z.object({
        date: z.string(),
        time: z.string(),
        treatmentName: z.string(),
        operatorName: z.nullable(z.string()),
        status: z.string(),
      }),
    ),
  ),
  savedAt: z.string(),
}) satisfies z.ZodMiniType<SalonSnapshot>;

/** A snapshot of another shape (an older version of the app, an edited storage) is read as none. */
const offlineSnapshotSchema = z.record(z.string(), salonSnapshotSchema);

type OfflineSnapshot = Record<string, SalonSnapshot>;

const prefix = 'passaparola.offline.';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The salons whose credit or appointments this user has read on this device. */
export function readOfflineSnapshot(userId: string): SalonSnapshot[] {
  return Object.values(readSnapshot(userId) ?? {}).filter((salon) => salon.savedAt !== '');
}

function readSnapshot(userId: string): OfflineSnapshot | null {
  try {
    const value = storage()?.getItem(prefix + userId);
    return value ? offlineSnapshotSchema.parse(JSON.parse(value)) : null;
  } catch {
    return null;
  }
}

/** Merges what was just read about one salon into the user's snapshot. */
export function saveSalonSnapshot(
  userId: string,
  merchantSlug: string,
  update: Omit<Partial<SalonSnapshot>, 'merchantSlug' | 'savedAt'>,
): void {
  const snapshot = readSnapshot(userId) ?? {};
  const previous: SalonSnapshot = snapshot[merchantSlug] ?? {
    merchantSlug,
    merchantName: '',
    clientName: '',
    clientCode: '',
    availableCredit: null,
    savedAt: '',
  };
  // Only the credit or the appointments make the snapshot newer; the salon's and her names do not.
  const fresh = 'availableCredit' in update || 'nextAppointment' in update;
  snapshot[merchantSlug] = {
    ...previous,
    ...update,
    merchantSlug,
    savedAt: fresh ? new Date().toISOString() : previous.savedAt,
  };
  try {
    storage()?.setItem(prefix + userId, JSON.stringify(snapshot));
  } catch {
    // Storage full or refused: the app simply has nothing to show offline.
  }
}

/** Forgets every user's snapshot on this device (signing out). */
export function clearOfflineSnapshots(): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
  for (const key of keys) if (key?.startsWith(prefix)) store.removeItem(key);
}

/**
 * The user whose session this device keeps, read straight from supabase-js's storage: offline, with
 * an access token that may have expired, the session cannot be refreshed but still says whose it is.
 */
export function storedSessionUserId(): string | null {
  try {
    const session = JSON.parse(storage()?.getItem(authStorageKey) ?? 'null') as {
      user?: { id?: unknown };
    } | null;
    return typeof session?.user?.id === 'string' ? session.user.id : null;
  } catch {
    return null;
  }
}
