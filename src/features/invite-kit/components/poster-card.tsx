import { Printer } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { InviteSalon } from '@/features/invite-kit/api/get-invite-salon';
import { posterFormats, SalonPoster, type PosterFormat } from '@/features/invite-kit/components/salon-poster';
import { inviteKitTexts as t } from '@/features/invite-kit/texts';

/** The poster to print, A4 or A5, shown as it will come out of the printer. */
export function PosterCard({ salon, link }: { salon: InviteSalon; link: string }) {
  const titleId = useId();
  const [format, setFormat] = useState<PosterFormat>('a4');
  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>{t.posterTitle}</CardTitle>
        <CardDescription>{t.posterHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-semibold">{t.posterFormat}</legend>
          <div className="flex flex-wrap gap-3">
            {posterFormats.map((option) => (
              <label
                key={option}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-border px-4 has-checked:border-primary has-checked:bg-accent/60"
              >
                <input
                  type="radio"
                  name="poster-format"
                  value={option}
                  checked={format === option}
                  onChange={() => setFormat(option)}
                  className="size-5 accent-primary"
                />
                {option.toUpperCase()}
              </label>
            ))}
          </div>
        </fieldset>
        <Button size="lg" onClick={() => window.print()} className="w-full sm:w-fit">
          <Printer aria-hidden="true" />
          {t.print}
        </Button>
        <SalonPoster salon={salon} link={link} format={format} />
      </CardContent>
    </Card>
  );
}
