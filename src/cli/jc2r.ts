import { createProgram, runProgram } from './common.js';
import { registerOptimize } from './commands/c2rust-optimize.js';
import { registerCollect } from './commands/c2rust-collect.js';
import { registerScan } from './commands/c2rust-scan.js';
import { registerTranspile } from './commands/c2rust-transpile.js';
import { registerEquiv } from './commands/c2rust-equiv.js';

const program = createProgram('jc2r', 'C to Rust migration pipeline');

registerOptimize(program);
registerCollect(program);
registerScan(program);
registerTranspile(program);
registerEquiv(program);

await runProgram(program);
