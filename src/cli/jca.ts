import { runProgram } from './common.js';
import { jcaProgram } from './jca-program.js';

await runProgram(jcaProgram());
