import { usePrivacyNotice } from '@/features/privacy/api/get-privacy-notice';
import { privacyTexts as t } from '@/features/privacy/texts';
import { fill } from '@/lib/texts';

/** The notice's text for one salon, with the version in force (read from the database). */
export function PrivacyNotice({ merchantName }: { merchantName: string }) {
  const notice = usePrivacyNotice();
  return (
    <div className="grid gap-4">
      {t.sections.map((section) => (
        <section key={section.heading} className="grid gap-1">
          <h2 className="text-lg font-semibold">{section.heading}</h2>
          <p className="text-muted-foreground">{fill(section.body, { merchant: merchantName })}</p>
        </section>
      ))}
      {notice.data ? (
        <p className="text-sm text-muted-foreground">{fill(t.version, { version: notice.data.version })}</p>
      ) : null}
    </div>
  );
}
