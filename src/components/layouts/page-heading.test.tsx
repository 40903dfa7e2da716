import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageHeading } from '@/components/layouts/page-heading';

describe('PageHeading', () => {
  it('is the screen’s one h1, focusable for the route change', () => {
    const html = renderToStaticMarkup(<PageHeading>Acquisti</PageHeading>);
    expect(html).toMatch(/^<h1 tabindex="-1" data-page-heading="" class="[^"]*">Acquisti<\/h1>$/);
  });

  it('puts the lead under the heading, in muted text', () => {
    const html = renderToStaticMarkup(
      <PageHeading lead="I tuoi acquisti presso Centro Lumière, dal più recente.">Acquisti</PageHeading>,
    );
    expect(html).toMatch(
      /^<div class="grid gap-1"><h1 [^>]*>Acquisti<\/h1><p class="text-muted-foreground">I tuoi acquisti presso Centro Lumière, dal più recente\.<\/p><\/div>$/,
    );
  });
});
