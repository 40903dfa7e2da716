import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useAddResource } from '@/features/booking-merchant/api/add-resource';
import { useDeleteResource } from '@/features/booking-merchant/api/delete-resource';
import { useResources, type Resource } from '@/features/booking-merchant/api/list-resources';
import { useUpdateResource } from '@/features/booking-merchant/api/update-resource';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { maxLength } from '@/lib/input-limits';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

/** Cabins and equipment: a name to add one, and the list with 'In uso' and delete. */
export function ResourcesSection() {
  const resources = useResources();
  return (
    <section aria-labelledby="resources-title">
      <Card>
        <CardHeader>
          <CardTitle id="resources-title">{t.resources}</CardTitle>
          <CardDescription>{t.resourcesLead}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <AddResourceForm />
          <QueryView
            query={resources}
            pending={<LoadingBlocks count={2} className="h-12" />}
            empty={t.emptyResources}
          >
            {(data) => (
              <ul aria-label={t.resources} className="grid gap-3 sm:grid-cols-2">
                {data.map((resource) => (
                  <li key={resource.id}>
                    <ResourceRow resource={resource} />
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}

function AddResourceForm() {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddResource();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem(t.resourceNameRequired);
      return;
    }
    setProblem(null);
    try {
      notify.success((await add.mutateAsync(name)).message, 'long');
      setName('');
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <form
      noValidate
      aria-label={t.newResource}
      onSubmit={onSubmit}
      className="flex flex-wrap items-end gap-3"
    >
      <FormField label={t.resourceName} error={problem ?? undefined} className="min-w-0 flex-1 basis-56">
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            maxLength={maxLength.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" disabled={add.isPending}>
        {t.addResource}
      </Button>
    </form>
  );
}

function ResourceRow({ resource }: { resource: Resource }) {
  const update = useUpdateResource();
  const remove = useDeleteResource();
  const act = async (action: () => Promise<{ message: string }>) => {
    try {
      notify.success((await action()).message);
    } catch (error) {
      notify.error(errorMessage(error), 'long');
    }
  };
  return (
    <article className="flex items-start justify-between gap-2 rounded-xl border border-border p-4">
      <div className="grid min-w-0 gap-2">
        <h3 className="font-sans text-base font-semibold break-words">{resource.name}</h3>
        <CheckboxField
          label={t.resourceActive}
          checked={update.isPending ? update.variables.active : resource.active}
          disabled={update.isPending}
          onChange={(event) =>
            void act(() =>
              update.mutateAsync({ id: resource.id, name: resource.name, active: event.target.checked }),
            )
          }
        />
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="-mt-2 -mr-2 shrink-0"
        aria-label={fill(t.deleteResourceLabel, { name: resource.name })}
        disabled={remove.isPending}
        onClick={() => void act(() => remove.mutateAsync(resource.id))}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </article>
  );
}
