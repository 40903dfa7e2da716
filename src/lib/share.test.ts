import { describe, expect, it } from 'vitest';
import { whatsappUrl } from '@/lib/share';

describe('sharing', () => {
  it('opens WhatsApp with the whole message, encoded', () => {
    const url = whatsappUrl('Ciao! Vieni da Aurora & Co: https://x.it/a/register?ref=A00001');
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    expect(new URL(url).searchParams.get('text')).toBe(
      'Ciao! Vieni da Aurora & Co: https://x.it/a/register?ref=A00001',
    );
    expect(url).not.toContain(' ');
    expect(url).not.toContain('&Co');
  });
});
