import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Calls of the data layer, each type-checked as if it were a file of src/lib with tsconfig.app.json. */
const probes = {
  rightCalls: `
    const deleted = await callRpc('delete_reservation', { reservation_id: 'r1' });
    const rows = await callRpcAllRows('find_salons', { query: 'Bel' });
    const name: string = rows[0]!.name;
    const count: number = await callRpc('merchant_pending_count');
    const optional = await callRpc('merchant_clients');
    export { deleted, name, count, optional };`,
  renamedParameter: `export const p = callRpc('delete_reservation', { reservation: 'r1' });`,
  missingParameter: `export const p = callRpc('register_purchase', { client_code: 'AB001', spend: 10 });`,
  missingArguments: `export const p = callRpc('delete_reservation');`,
  unknownFunction: `export const p = callRpc('delete_reservations', { reservation_id: 'r1' });`,
  wrongValueType: `export const p = callRpc('set_reversal_window', { days: '7' });`,
  wrongRowUse: `export const n: number = (await callRpcAllRows('find_salons', { query: 'Bel' }))[0]!.name;`,
  pagingScalar: `export const p = callRpcAllRows('whoami');`,
} as const;

type Probe = keyof typeof probes;

const probeFile = (probe: Probe) => `${root}src/lib/rpc-probe-${probe}.ts`;
const header = "import { callRpc, callRpcAllRows } from '@/lib/rpc';\n";

describe('callRpc is typed by the generated api functions', { timeout: 120_000 }, () => {
  const errors = new Map<Probe, number[]>();

  beforeAll(() => {
    const config = ts.getParsedCommandLineOfConfigFile(
      `${root}tsconfig.app.json`,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    )!;
    const sources = new Map(
      (Object.keys(probes) as Probe[]).map((probe) => [probeFile(probe), header + probes[probe]]),
    );
    const host = ts.createCompilerHost(config.options);
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    host.readFile = (file) => sources.get(file) ?? readFile(file);
    host.fileExists = (file) => sources.has(file) || fileExists(file);
    const program = ts.createProgram([...sources.keys()], config.options, host);
    for (const probe of Object.keys(probes) as Probe[]) {
      const diagnostics = program.getSemanticDiagnostics(program.getSourceFile(probeFile(probe)));
      errors.set(
        probe,
        diagnostics.map((diagnostic) => diagnostic.code),
      );
    }
  });

  it('accepts calls with the SQL parameter names and gives the generated return types', () => {
    expect(errors.get('rightCalls')).toEqual([]);
  });

  it('refuses a renamed parameter', () => {
    // 2353, or 2561 when TypeScript also suggests the real name: an unknown property in the literal.
    expect(errors.get('renamedParameter')).toHaveLength(1);
    expect([2353, 2561]).toContain(errors.get('renamedParameter')![0]);
  });

  it('refuses a call without a required parameter, or without its arguments', () => {
    expect(errors.get('missingParameter')).toEqual([2345]);
    expect(errors.get('missingArguments')).toEqual([2554]);
  });

  it('refuses a function the api does not have', () => {
    expect(errors.get('unknownFunction')).toEqual([2345]);
  });

  it('refuses a value of the wrong type', () => {
    expect(errors.get('wrongValueType')).toEqual([2322]);
  });

  it('types the rows: a text column is not a number', () => {
    expect(errors.get('wrongRowUse')).toEqual([2322]);
  });

  it('pages only functions that return rows', () => {
    expect(errors.get('pagingScalar')).toEqual([2345]);
  });
});
