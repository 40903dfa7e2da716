import { describe, expect, it } from 'vitest';
import { merchantLinks, qrFileName, qrTarget, slugPreview } from '@/features/admin/merchant-links';

describe('merchant links', () => {
  it('derives the slug the way the database does', () => {
    expect(slugPreview('  Centro Estetico Bellà 2 ')).toBe('centroesteticobell2');
  });

  it('builds the registration, login and QR addresses from the origin', () => {
    expect(merchantLinks('https://app.test', 'bellezza')).toEqual({
      registration: 'https://app.test/bellezza/register',
      login: 'https://app.test/merchant/bellezza',
      qrDefault: 'https://app.test/bellezza',
    });
  });

  it('points the QR code at the typed address when there is one', () => {
    expect(qrTarget('https://app.test', 'bellezza', '  ')).toBe('https://app.test/bellezza');
    expect(qrTarget('https://app.test', 'bellezza', ' https://bellezza.it ')).toBe('https://bellezza.it');
    expect(qrFileName('bellezza')).toBe('qrcode_bellezza.png');
  });
});
