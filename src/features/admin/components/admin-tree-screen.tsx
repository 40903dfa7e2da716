import { useState } from 'react';
import { PageHeading } from '@/components/layouts/page-heading';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useMerchants } from '@/features/admin/api/list-merchants';
import { AdminClientTree } from '@/features/admin/components/admin-client-tree';
import { adminTexts } from '@/features/admin/texts';

const t = adminTexts.albero;

/** /admin/albero: the client tree of the merchant chosen in the dropdown. */
export function AdminTreeScreen() {
  const merchants = useMerchants();
  const [merchantSlug, setMerchantSlug] = useState('');
  const merchant = merchants.data?.find((candidate) => candidate.slug === merchantSlug);

  return (
    <div className="grid gap-6">
      <PageHeading lead={t.lead}>{t.title}</PageHeading>
      <FormField label={t.merchant} className="max-w-sm">
        {(control) => (
          <Select value={merchantSlug} onValueChange={setMerchantSlug} disabled={!merchants.data}>
            <SelectTrigger {...control}>
              <SelectValue placeholder={t.chooseMerchant} />
            </SelectTrigger>
            <SelectContent>
              {(merchants.data ?? []).map((candidate) => (
                <SelectItem key={candidate.id} value={candidate.slug}>
                  {candidate.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      {merchant ? (
        <AdminClientTree key={merchant.slug} merchantSlug={merchant.slug} merchantName={merchant.name} />
      ) : null}
    </div>
  );
}
