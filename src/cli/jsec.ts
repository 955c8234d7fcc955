import { createProgram, runProgram } from './common.js';
import { registerSecScan } from './commands/sec-scan.js';
import { registerSecBench } from './commands/sec-bench.js';
import { registerSecAgent } from './commands/sec-agent.js';

const program = createProgram('jsec', 'Security analysis of C, C++ and Rust code');
registerSecScan(program);
registerSecBench(program);
registerSecAgent(program);

await runProgram(program);
