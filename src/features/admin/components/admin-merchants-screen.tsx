import { PageHeading } from '@/components/layouts/page-heading';
import { MerchantForm } from '@/features/admin/components/merchant-form';
import { MerchantList } from '@/features/admin/components/merchant-list';
import { adminTexts } from '@/features/admin/texts';

/** /admin/merchants: 'Gestione Commercianti'. */
export function AdminMerchantsScreen() {
  return (
    <div className="grid gap-8">
      <PageHeading>{adminTexts.merchants.title}</PageHeading>
      <MerchantForm />
      <MerchantList />
    </div>
  );
}
