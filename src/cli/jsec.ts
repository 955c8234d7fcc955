import { runProgram } from './common.js';
import { jsecProgram } from './jsec-program.js';

await runProgram(jsecProgram());
