import { runProgram } from './common.js';
import { jc2rProgram } from './jc2r-program.js';

await runProgram(jc2rProgram());
