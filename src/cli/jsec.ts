import { createProgram, runProgram } from './common.js';

const program = createProgram('jsec', 'Security analysis of C, C++ and Rust code');
// each command's module loads only when that command (or the full help) is asked for: the
// agent's modules cost more start-up than a scan takes on a small tree
const commands = {
  scan: async () => (await import('./commands/sec-scan.js')).registerSecScan(program),
  bench: async () => (await import('./commands/sec-bench.js')).registerSecBench(program),
  agent: async () => (await import('./commands/sec-agent.js')).registerSecAgent(program),
};
const asked = process.argv.slice(2).find((a) => !a.startsWith('-'));
const only = asked !== undefined && asked in commands ? commands[asked as keyof typeof commands] : undefined;
if (only) await only();
else for (const register of Object.values(commands)) await register();

await runProgram(program);
