import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('import rules of eslint.config.js', { timeout: 60_000 }, () => {
  const eslint = new ESLint({ cwd: root });
  let cycleDir = '';

  /** The import rules an import placed in `file` breaks (the file itself need not exist). */
  const broken = async (file: string, source: string) => {
    const [result] = await eslint.lintText(`${source}\nexport const probe = 1;\n`, {
      filePath: `${root}${file}`,
    });
    return result!.messages.filter((message) => message.ruleId?.startsWith('import-x/')).map((m) => m.ruleId);
  };

  beforeAll(async () => {
    cycleDir = await mkdtemp(`${root}server/.import-cycle-probe-`);
    await writeFile(`${cycleDir}/a.ts`, "import { b } from './b.ts';\nexport const a = () => b;\n");
    await writeFile(`${cycleDir}/b.ts`, "import { a } from './a.ts';\nexport const b = () => a;\n");
  });
  afterAll(() => rm(cycleDir, { recursive: true, force: true }));

  it('reports a feature importing another feature, through the @/ alias or a relative path', async () => {
    expect(
      await broken(
        'src/features/admin/probe.ts',
        "import { getWhoami } from '@/features/auth/api/get-whoami';",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await broken('src/features/admin/probe.ts', "import { getWhoami } from '../auth/api/get-whoami';"),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('reports shared code importing a feature or the app', async () => {
    expect(
      await broken('src/lib/probe.ts', "import { getWhoami } from '@/features/auth/api/get-whoami';"),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await broken('src/components/probe.ts', "import { getWhoami } from '@/features/auth/api/get-whoami';"),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('reports the server importing the browser app and the other way round', async () => {
    expect(await broken('server/probe.ts', "import { callRpc } from '../src/lib/rpc.ts';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await broken('src/lib/probe.ts', "import { loadConfig } from '../../server/config.ts';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('allows a feature its own files and the shared code', async () => {
    expect(
      await broken(
        'src/features/admin/probe.ts',
        "import { callRpc } from '@/lib/rpc';\nimport { Button } from '@/components/ui/button';",
      ),
    ).toEqual([]);
  });

  it('reports an import cycle', async () => {
    const [result] = await eslint.lintFiles([`${cycleDir}/a.ts`]);
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});
