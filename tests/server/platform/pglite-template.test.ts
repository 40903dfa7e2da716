import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/db/pglite.ts';
import { templateFile, writeTemplate } from '../../../server/db/pglite-template.ts';

const folders: string[] = [];
const freshFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'passaparola-template-'));
  folders.push(folder);
  return folder;
};

const hasMarker = async (db: Awaited<ReturnType<typeof openPglite>>) =>
  (
    await db.query<{ present: boolean }>(
      "select to_regclass('public.template_marker') is not null as present",
    )
  ).rows[0]!.present;

describe("a fresh PGlite cluster copied from the saved initdb of PGlite's version", () => {
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('saves the initdb of the first fresh database, and later fresh ones start from that copy', async () => {
    const templates = freshFolder();
    const first = await openPglite(undefined, undefined, templates);
    expect(existsSync(templateFile(templates))).toBe(true);
    await first.exec('create table public.template_marker (id int)');
    const withMarker = await first.dumpDataDir!();
    await first.close();

    // A template holding a table initdb never makes: a database that has it was copied from it.
    writeTemplate(templates, withMarker);
    const inMemory = await openPglite(undefined, undefined, templates);
    expect(await hasMarker(inMemory)).toBe(true);
    await inMemory.close();

    const dataDir = join(freshFolder(), 'pglite');
    const onDisk = await openPglite(dataDir, undefined, templates);
    expect(await hasMarker(onDisk)).toBe(true);
    await onDisk.exec('drop table public.template_marker');
    await onDisk.close();
    // An existing cluster opens as it is: the template is not applied again.
    const reopened = await openPglite(dataDir, undefined, templates);
    expect(await hasMarker(reopened)).toBe(false);
    await reopened.close();
  });

  it('discards a broken template, runs initdb and saves a good one', async () => {
    const templates = freshFolder();
    writeTemplate(templates, new TextEncoder().encode('not a tar'));
    const dataDir = join(freshFolder(), 'pglite');
    const db = await openPglite(dataDir, undefined, templates);
    expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await db.close();
    expect(readFileSync(templateFile(templates)).byteLength).toBeGreaterThan(1_000_000);
  });

  it('ignores a template that others may write', async () => {
    const templates = freshFolder();
    const source = await openPglite(undefined, undefined, freshFolder());
    await source.exec('create table public.template_marker (id int)');
    writeFileSync(templateFile(templates), await source.dumpDataDir!(), { mode: 0o666 });
    await source.close();
    chmodSync(templateFile(templates), 0o666);
    const db = await openPglite(undefined, undefined, templates);
    expect(await hasMarker(db)).toBe(false);
    await db.close();
  });
});
