import { cx } from 'class-variance-authority';
import { QRCodeSVG } from 'qrcode.react';
import type { InviteSalon } from '@/features/invite-kit/api/get-invite-salon';
import { inviteKitTexts as t } from '@/features/invite-kit/texts';
import { imageUrl } from '@/lib/image-url';
import { fill } from '@/lib/texts';
import '@/features/invite-kit/components/salon-poster.css';

export const posterFormats = ['a4', 'a5'] as const;
export type PosterFormat = (typeof posterFormats)[number];

/**
 * The salon's poster: logo, name, QR code of the join link and how credit works. Its sizes follow its
 * width (container units), so the preview on the screen and the printed sheet look the same; printing
 * shows it alone, on one sheet of its format (salon-poster.css).
 */
export function SalonPoster({
  salon,
  link,
  format,
}: {
  salon: InviteSalon;
  link: string;
  format: PosterFormat;
}) {
  const logo = imageUrl('loghi', salon.logo_url);
  return (
    <>
      {/* While the poster is on the screen, printing takes a sheet of its format, edge to edge. */}
      <style>{`@page { size: ${format.toUpperCase()} portrait; margin: 0; }`}</style>
      <div
        data-print-poster={format}
        data-testid="salon-poster"
        className="@container mx-auto aspect-[210/297] w-full max-w-sm overflow-hidden rounded-xl border border-border bg-white text-center text-neutral-900 shadow-sm"
      >
        <figure className="grid h-full content-between justify-items-center p-[8cqw]">
          <div className="grid justify-items-center gap-[3cqw]">
            {logo ? (
              <img
                src={logo}
                alt={fill(t.logoAlt, { merchant: salon.name })}
                className="h-[16cqw] max-w-[70cqw] object-contain"
              />
            ) : null}
            <p
              className={cx(
                'font-display leading-tight font-semibold break-words',
                // A long name (up to 100 characters) still leaves the sheet room for the QR code.
                salon.name.length > 28 ? 'text-[5cqw]' : 'text-[9cqw]',
              )}
            >
              {salon.name}
            </p>
            <p className="text-[5cqw] font-semibold text-neutral-700">{t.posterHeadline}</p>
          </div>
          <QRCodeSVG
            value={link}
            size={256}
            level="M"
            marginSize={2}
            role="img"
            aria-label={fill(t.qrAlt, { merchant: salon.name })}
            className="h-auto w-[52cqw]"
          />
          <figcaption className="grid gap-[2cqw]">
            <p className="text-[4.2cqw] leading-snug">{t.posterCredit}</p>
            <p className="text-[3.4cqw] text-neutral-600">{t.posterScan}</p>
            <p className="font-mono text-[3.4cqw] break-all text-neutral-800">{link}</p>
          </figcaption>
        </figure>
      </div>
    </>
  );
}
