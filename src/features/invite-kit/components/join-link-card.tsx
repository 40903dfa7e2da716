import { Copy, MessageCircle } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notify } from '@/components/ui/toaster';
import { joinMessage } from '@/features/invite-kit/join-link';
import { inviteKitTexts as t } from '@/features/invite-kit/texts';
import { copyToClipboard, whatsappUrl } from '@/lib/share';

/** The salon's join link, to copy or to send on WhatsApp with a message. */
export function JoinLinkCard({ salonName, link }: { salonName: string; link: string }) {
  const titleId = useId();
  const copy = async () => {
    try {
      await copyToClipboard(link);
      notify.success(t.copied);
    } catch {
      notify.error(t.copyFailed);
    }
  };
  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>{t.linkTitle}</CardTitle>
        <CardDescription>{t.linkHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p
          data-testid="join-link"
          className="rounded-lg bg-muted px-3 py-2 font-mono text-sm break-all text-foreground select-all"
        >
          {link}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button size="lg" onClick={() => void copy()} className="w-full sm:w-auto">
            <Copy aria-hidden="true" />
            {t.copy}
          </Button>
          <Button asChild size="lg" variant="outline" className="w-full no-underline sm:w-auto">
            <a href={whatsappUrl(joinMessage(salonName, link))} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" />
              {t.whatsapp}
              <span className="sr-only"> {t.whatsappHint}</span>
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
