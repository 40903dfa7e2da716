// `npm run bench`: every benchmark, side by side, with the machine it ran on.
import { cpus, totalmem } from 'node:os';
import { benchRpcOverhead } from './rpc-overhead.ts';

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`Passaparola benchmarks — ${new Date().toISOString()} — ${machine}\n`);

const rows = await benchRpcOverhead();
console.table(rows);
