import { createProgram, runProgram } from './common.js';

// `jsec scan` runs in pre-commit hooks: its start-up loads only the scan command's modules (the
// agent's cost more start-up than a scan takes on a small tree); anything else builds the whole program
const asked = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (asked === 'scan') {
  const program = createProgram('jsec', 'Security analysis of C, C++ and Rust code');
  (await import('./commands/sec-scan.js')).registerSecScan(program);
  await runProgram(program);
} else {
  await runProgram((await import('./jsec-program.js')).jsecProgram());
}
