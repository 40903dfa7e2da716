import { Download } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notify } from '@/components/ui/toaster';
import type { InviteSalon } from '@/features/invite-kit/api/get-invite-salon';
import { qrFileName } from '@/features/invite-kit/join-link';
import { pngFileOf, saveFile, svgFileOf } from '@/features/invite-kit/qr-files';
import { inviteKitTexts as t } from '@/features/invite-kit/texts';
import { fill } from '@/lib/texts';

/** The PNG's side: sharp in print and on a web page. */
const pngSize = 1024;

/** The join link's QR code, shown and downloaded as SVG or as a 1024 px PNG. */
export function QrCard({ salon, link }: { salon: InviteSalon; link: string }) {
  const titleId = useId();
  const svgRef = useRef<SVGSVGElement>(null);

  const download = async (extension: 'svg' | 'png') => {
    const svg = svgRef.current;
    if (!svg) return;
    try {
      const file = extension === 'svg' ? svgFileOf(svg) : await pngFileOf(svg, pngSize);
      saveFile(file, qrFileName(salon.slug, extension));
      notify.success(t.downloaded);
    } catch {
      notify.error(t.downloadFailed);
    }
  };

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>{t.qrTitle}</CardTitle>
        <CardDescription>{t.qrHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
        <QRCodeSVG
          ref={svgRef}
          value={link}
          size={176}
          level="M"
          marginSize={4}
          role="img"
          aria-label={fill(t.qrAlt, { merchant: salon.name })}
          className="justify-self-center rounded-md bg-white"
        />
        <div className="grid gap-3">
          <Button variant="outline" onClick={() => void download('svg')}>
            <Download aria-hidden="true" />
            {t.downloadSvg}
          </Button>
          <Button variant="outline" onClick={() => void download('png')}>
            <Download aria-hidden="true" />
            {t.downloadPng}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
