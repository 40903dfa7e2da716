import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useEraseClient } from '@/features/admin/api/erase-client';
import type { TreeClient } from '@/components/client-tree/client-hierarchy';
import { adminTexts } from '@/features/admin/texts';
import { failureText } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = adminTexts.erasure;

/** The admin erases a client's personal data on her request, found by client code in the salon's tree. */
export function ClientErasure({
  merchantSlug,
  clients,
}: {
  merchantSlug: string;
  clients: readonly TreeClient[];
}) {
  const titleId = useId();
  const [code, setCode] = useState('');
  const [open, setOpen] = useState(false);
  const erase = useEraseClient();
  const wanted = code.trim().toUpperCase();
  const client = wanted ? clients.find((candidate) => candidate.code === wanted) : undefined;
  const erased = client?.name === t.erasedName;

  const onErase = (target: TreeClient) =>
    erase.mutate(
      { merchantSlug, clientCode: target.code },
      {
        onSuccess: (result) => {
          notify.success(result.message);
          setOpen(false);
        },
        onError: (error) => notify.error(failureText(t.error, error)),
      },
    );

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t.title}</CardTitle>
        <CardDescription>{t.lead}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <FormField label={t.code} className="max-w-xs">
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              autoCapitalize="characters"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </FormField>
        {wanted && !client ? <p className="text-muted-foreground">{t.notFound}</p> : null}
        {client ? (
          <div className="grid gap-2">
            <p className="font-semibold">{fill(t.found, { name: client.name, code: client.code })}</p>
            {erased ? (
              <p className="text-muted-foreground">{t.alreadyErased}</p>
            ) : (
              <div>
                <Button variant="destructive" onClick={() => setOpen(true)}>
                  {t.open}
                </Button>
              </div>
            )}
            <Dialog open={open} onOpenChange={setOpen}>
              <DialogContent>
                <DialogTitle>{fill(t.dialogTitle, { name: client.name })}</DialogTitle>
                <DialogDescription>{t.dialogBody}</DialogDescription>
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="ghost" onClick={() => setOpen(false)}>
                    {t.cancel}
                  </Button>
                  <Button variant="destructive" disabled={erase.isPending} onClick={() => onErase(client)}>
                    {erase.isPending ? t.submitting : t.submit}
                  </Button>
                </div>
              </DialogContent>
            </Dialog>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
