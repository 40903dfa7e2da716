import { describe, expect, it } from 'vitest';
import { referralLink, referralShare } from '@/features/client-loyalty/referral-share';

describe('the referral link and the invitation', () => {
  it('builds {origin}/{merchantSlug}/register?ref={clientCode}', () => {
    expect(referralLink('https://app.example.it', 'bellezzaaurora', 'A00007')).toBe(
      'https://app.example.it/bellezzaaurora/register?ref=A00007',
    );
    expect(referralLink('http://localhost:54321/', 'salone1', 'B00012')).toBe(
      'http://localhost:54321/salone1/register?ref=B00012',
    );
  });

  it('writes an Italian invitation that names the salon and carries the link', () => {
    const link = 'https://app.example.it/bellezzaaurora/register?ref=A00007';
    const share = referralShare('Bellezza Aurora', link);
    expect(share.title).toBe('Ti presento Bellezza Aurora');
    expect(share.url).toBe(link);
    expect(share.text).toContain('programma fedeltà di Bellezza Aurora');
    expect(share.text.endsWith(link)).toBe(true);
    expect(share.text).not.toMatch(/\{\w+\}/);
  });
});
