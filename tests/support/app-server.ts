import { defaultStaticDir } from '../../server/config.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

/** The server with the built SPA (`npm run build` first), on a fresh database. */
export function startAppServer(options: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({ ...options, config: { staticDir: defaultStaticDir, ...options.config } });
}
