import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A recording stand-in of the Supabase Management API, enough for `supabase config push` (CLI 3.x):
 * it describes one healthy project whose auth config is `remoteAuth`, and records every request.
 * The CLI finds it through a profile file (`--profile`) whose api_url is this server.
 */
export async function startManagementApiStandIn(ref: string, remoteAuth: Record<string, unknown>) {
  const requests: RecordedRequest[] = [];
  const project = {
    id: ref,
    ref,
    organization_id: 'passaparola',
    organization_slug: 'passaparola',
    name: 'passaparola',
    region: 'eu-central-1',
    created_at: '2026-11-01T00:00:00Z',
    status: 'ACTIVE_HEALTHY',
    database: {
      host: `db.${ref}.stand-in.test`,
      version: '15.8.1',
      postgres_engine: '15',
      release_channel: 'ga',
    },
  };
  const answers: Record<string, unknown> = {
    [`/v1/projects/${ref}`]: project,
    [`/v1/projects/${ref}/billing/addons`]: { selected_addons: [], available_addons: [] },
    [`/v2/projects/${ref}/config`]: {
      data: { type: 'project_config', id: ref, attributes: { auth: remoteAuth } },
    },
  };
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0]!;
      const body: unknown = text ? JSON.parse(text) : undefined;
      requests.push({ method: request.method ?? '', path, body });
      response.setHeader('content-type', 'application/json');
      if (request.method === 'GET') {
        response.statusCode = path in answers ? 200 : 404;
        response.end(JSON.stringify(answers[path] ?? { message: 'Not found' }));
        return;
      }
      response.end(JSON.stringify({ ...remoteAuth, ...(body as object) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
