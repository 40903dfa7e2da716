import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readOfflineSnapshot, saveSalonSnapshot } from '@/lib/offline-snapshot';

vi.mock('@/lib/supabase', () => ({ authStorageKey: 'passaparola.auth' }));

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('the offline snapshot', () => {
  let localStorage: Storage;
  beforeEach(() => {
    localStorage = memoryStorage();
    vi.stubGlobal('window', { localStorage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads back what was saved about a salon', () => {
    saveSalonSnapshot('u1', 'bella', { merchantName: 'Bella', availableCredit: '12.50' });
    expect(readOfflineSnapshot('u1')).toEqual([
      expect.objectContaining({ merchantSlug: 'bella', merchantName: 'Bella', availableCredit: '12.50' }),
    ]);
  });

  it('reads a stored snapshot of another shape as none, and saves over it', () => {
    localStorage.setItem('passaparola.offline.u1', JSON.stringify({ bella: { credit: 5 } }));
    expect(readOfflineSnapshot('u1')).toEqual([]);
    saveSalonSnapshot('u1', 'bella', { availableCredit: 7 });
    expect(readOfflineSnapshot('u1')).toEqual([
      expect.objectContaining({ merchantSlug: 'bella', availableCredit: 7 }),
    ]);
  });
});
