// `npm run config:push -- [supabase config push flags]`: pushes supabase/config.toml to the linked
// hosted project with SUPABASE_ENV=production (the CLI then reads supabase/.env.production), after
// checking that no localhost and no missing SMTP setting would go with it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hostedConfigProblems, productionEnvironment } from './hosted-config.ts';
import { supabaseCliPath } from './supabase-cli.ts';

const supabaseDir = fileURLToPath(new URL('../supabase', import.meta.url));
const problems = hostedConfigProblems(productionEnvironment(supabaseDir, process.env));
if (problems.length > 0) {
  console.error(`Not pushing the config:\n  ${problems.join('\n  ')}`);
  console.error('Set them in the shell or in supabase/.env.production (README, "On hosted Supabase").');
  process.exit(1);
}
// The pinned CLI binary (or SUPABASE_CLI); on other platforms `npx supabase`.
const pinnedCli = supabaseCliPath();
const [command, ...prefix] = pinnedCli ? [pinnedCli] : ['npx', 'supabase'];
const result = spawnSync(command!, [...prefix, 'config', 'push', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, SUPABASE_ENV: 'production' },
});
process.exit(result.status ?? 1);
