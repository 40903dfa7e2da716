import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '@/app/routes/chunk-load-error';

describe('isChunkLoadError', () => {
  it("recognises each browser's words for a lazily loaded file that did not arrive", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://app.example/assets/client-area-Ab12Cd34.js',
      'error loading dynamically imported module: https://app.example/assets/client-area-Ab12Cd34.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/client-area-Ab12Cd34.css',
    ])
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors to the generic screen', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
