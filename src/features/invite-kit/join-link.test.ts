import { describe, expect, it } from 'vitest';
import { joinLink, joinMessage, qrFileName } from '@/features/invite-kit/join-link';

describe('the salon’s invitation', () => {
  it('opens the salon’s registration address, whatever the origin’s trailing slash', () => {
    expect(joinLink('https://passaparola.it/', 'bellavita')).toBe('https://passaparola.it/bellavita');
    expect(joinLink('http://localhost:5173', 'luna-spa')).toBe('http://localhost:5173/luna-spa');
  });

  it('sends the link at the end of an Italian message with no placeholder left', () => {
    const text = joinMessage('Aurora & Co', 'https://x.it/aurora');
    expect(text).toContain('Aurora & Co');
    expect(text.endsWith('https://x.it/aurora')).toBe(true);
    expect(text).not.toMatch(/\{\w+\}/);
  });

  it('names the files after the salon', () => {
    expect(qrFileName('bellavita', 'png')).toBe('invito_bellavita.png');
    expect(qrFileName('bellavita', 'svg')).toBe('invito_bellavita.svg');
  });
});
