import { Download } from 'lucide-react';
import { QRCodeCanvas } from 'qrcode.react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { notify } from '@/components/ui/toaster';
import { merchantLinks, qrFileName, qrTarget } from '@/features/admin/merchant-links';
import { adminTexts } from '@/features/admin/texts';
import { fill } from '@/lib/texts';

const t = adminTexts.merchants;

/** Spec §9: 128 pixels, low error correction. */
const qrSize = 128;

/**
 * Copies the QR canvas onto a plain 128 × 128 canvas: qrcode.react draws at the screen's pixel
 * ratio, and the downloaded file is 128 px on every screen.
 */
function pngOf(canvas: HTMLCanvasElement): string {
  const output = document.createElement('canvas');
  output.width = qrSize;
  output.height = qrSize;
  const context = output.getContext('2d');
  if (!context) return canvas.toDataURL('image/png');
  context.imageSmoothingEnabled = false;
  context.drawImage(canvas, 0, 0, qrSize, qrSize);
  return output.toDataURL('image/png');
}

/** 'Inserisci indirizzo web' and 'Genera e Scarica': a QR code of the merchant's page, or of the typed address. */
export function QrGenerator({ slug, name }: { slug: string; name: string }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [address, setAddress] = useState('');
  const origin = window.location.origin;
  const target = qrTarget(origin, slug, address);

  const download = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const link = document.createElement('a');
    link.href = pngOf(canvas);
    link.download = qrFileName(slug);
    document.body.append(link);
    link.click();
    link.remove();
    notify.success(t.qrDownloaded);
  };

  return (
    <div className="grid gap-3 rounded-xl bg-muted p-4 sm:grid-cols-[1fr_auto] sm:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor={inputId}>{t.qrInput}</Label>
        <Input
          id={inputId}
          type="url"
          inputMode="url"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          placeholder={merchantLinks(origin, slug).qrDefault}
          aria-describedby={hintId}
        />
        <p id={hintId} className="text-sm break-all text-muted-foreground">
          {fill(t.qrHint, { address: merchantLinks(origin, slug).qrDefault })}
        </p>
        <Button type="button" variant="outline" onClick={download} className="mt-1 w-full sm:w-fit">
          <Download aria-hidden="true" />
          {t.qrButton}
        </Button>
      </div>
      <QRCodeCanvas
        ref={canvasRef}
        value={target}
        size={qrSize}
        level="L"
        marginSize={2}
        role="img"
        aria-label={fill(t.qrAlt, { name })}
        className="justify-self-center rounded-md bg-card"
      />
    </div>
  );
}
