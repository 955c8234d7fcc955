import { createProgram, runProgram } from './common.js';

// `jsec scan` runs in pre-commit hooks: its start-up loads only the scan command's modules (the
// agent's cost more start-up than a scan takes on a small tree); anything else builds the whole
// program. From dist/ this file and the scan are one bundle (scripts/bundle.mjs) and
// jsec-program.js is not in it: it runs its program with its own runProgram, so the errors its
// commands throw meet their own JarvisError class.
const asked = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (asked === 'scan') {
  const program = createProgram('jsec', 'Security analysis of C, C++ and Rust code');
  (await import('./commands/sec-scan.js')).registerSecScan(program);
  await runProgram(program);
} else {
  await (await import('./jsec-program.js')).runJsec();
}
