import { runProgram } from './common.js';
import { jarvisProgram } from './jarvis-program.js';

await runProgram(jarvisProgram());
