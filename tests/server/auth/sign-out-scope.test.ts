import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthUser, uniqueEmail } from '../../support/personas.ts';
import { startTestServer, type TestClient, type TestServer } from '../../support/test-server.ts';

const sourceRoot = fileURLToPath(new URL('../../../src', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('a refused sign-in or Esci signs out only that browser', () => {
  let server: TestServer;
  const email = uniqueEmail('bancone');
  const password = 'password-bancone';

  const signedIn = async (): Promise<TestClient> => {
    const client = server.client();
    const { error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [] });
    await createAuthUser(server, email, password);
  });
  afterAll(() => server?.stop());

  it("a local sign-out ends that session and leaves the account's other session working", async () => {
    const tablet = await signedIn();
    const phone = await signedIn();
    expect((await phone.auth.signOut({ scope: 'local' })).error).toBeNull();

    const tabletRefresh = await tablet.auth.refreshSession();
    expect(tabletRefresh.error).toBeNull();
    expect(tabletRefresh.data.session?.access_token).toBeTruthy();
    expect((await tablet.auth.getUser()).data.user?.email).toBe(email);

    // The phone's session is over on the server too, not only forgotten by the browser.
    const { count } = await server.server.context.db
      .query<{ count: number }>(
        `select count(*)::int as count from auth.sessions s join auth.users u on u.id = s.user_id
          where u.email = $1`,
        [email],
      )
      .then(({ rows }) => rows[0]!);
    expect(count).toBe(1);
  });

  it('the default (global) sign-out would end the other session: the forms must never use it', async () => {
    const tablet = await signedIn();
    const phone = await signedIn();
    expect((await phone.auth.signOut()).error).toBeNull();
    expect((await tablet.auth.refreshSession()).error).not.toBeNull();
  });

  it("every signOut of the SPA passes scope 'local'", () => {
    const calls = sourceFiles(sourceRoot).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/auth\.signOut\(([^)]*)\)/g)].map((match) => ({
        file,
        argument: match[1]!.trim(),
      })),
    );
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.argument !== "{ scope: 'local' }")).toEqual([]);
  });
});
