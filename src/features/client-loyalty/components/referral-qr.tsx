import { QRCodeSVG } from 'qrcode.react';

/** The referral link as a QR code (Presenta), in a chunk of its own: no other screen draws one. */
export function ReferralQr({ link, label, size }: { link: string; label: string; size: number }) {
  return (
    <QRCodeSVG
      value={link}
      size={size}
      level="L"
      marginSize={2}
      role="img"
      aria-label={label}
      className="rounded-md bg-card"
    />
  );
}
