import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * The test server of the enclosing describe block: started by a beforeAll registered here (so before the
 * block's own beforeAll, which can then create its salons and personas on it) and stopped after the
 * block's tests. The returned object is empty until that beforeAll has run: use it in hooks and tests.
 */
export function useTestServer(): TestServer {
  const server = {} as TestServer;
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer();
    Object.defineProperties(server, Object.getOwnPropertyDescriptors(started));
  });
  afterAll(() => started?.stop());
  return server;
}
