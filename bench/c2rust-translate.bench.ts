/**
 * `npm run bench c2rust-translate`: C → Rust translation on every CRUST-Bench C project, bzip2
 * and zlib, judged by running both sides (issue 15). Per project, in a scratch copy:
 *  1. the project's own C tests, run its own way (TESTS below): do they build and run here?
 *  2. `jc2r transpile` (timed), beside clang's `-fsyntax-only` parse of the same units;
 *  3. `cargo build --offline` of the crate; functions kept in C (with reasons), unsafe lines;
 *  4. `jc2r equiv` on the test commands: the same stdout, stderr, exit status and files?
 * Totals: crates that build / 19, and equivalence over the projects whose C tests build and run.
 * Until `jc2r transpile` exists, step 4 runs the commands on the C side alone (C built as
 * `jc2r equiv` builds it), which checks the commands and records the C outputs.
 * Data from ../shared (JARVIS_SHARED overrides); never written to. Not part of `npm test`.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listSources } from '../src/apps/c2rust/compile-db.js';
import { formatTable } from '../src/util/output.js';
import { cargoBuild, clangParse, equiv, handCompileCommands, readTranspileReport, resolveMains, runCSide, shell, transpile, type TranspileReport } from './translate-steps.js';

const here = dirname(fileURLToPath(import.meta.url));
const shared = process.env.JARVIS_SHARED ?? [resolve(here, '../../shared'), resolve(here, '../../../shared')].find((p) => existsSync(p)) ?? resolve(here, '../../shared');

/**
 * How each project's tests are built and run, found by reading its Makefile/CMakeLists/CI
 * script and trying them on this machine (Debian 12, gcc 12, no network).
 *  - `cTest`: the project's own way, run in a scratch copy; the tests "build and run" when it
 *    ends with `exit` (default 0) within the time limit.
 *  - `equiv`: the commands `jc2r equiv` runs on both sides; `{main:FILE}` is the program whose
 *    `main` is in FILE (mapped to the crate's binary through transpile_report.json).
 *  - `none`: why the C tests cannot run here, when they cannot.
 */
interface ProjectTests {
  cTest?: string;
  exit?: number;
  equiv: string[];
  none?: string;
  note?: string;
}

const LIBPGN_TESTS = ['annotation', 'comments', 'coordinate', 'metadata', 'moves', 'pgn', 'score'];

const TESTS: Record<string, ProjectTests> = {
  FastHamming: { none: 'no C sources in this copy (Makefile and README only)', equiv: [] },
  'Holdem-Odds': { cTest: 'make test', equiv: ['{main:src/tests/all_tests.c}'], note: 'CuTest suite, 24 tests; CC=clang in the Makefile' },
  'Math-Library-in-C': { none: 'tests need libcheck (check.h), which test/CMakeLists.txt clones from GitHub; not installed, no network', equiv: [] },
  SlothLang: {
    cTest: 'make test && make sloth && ./sloth Examples/HelloWorld.sloth',
    equiv: ['{main:tests.c}', '{main:sloth.c} Examples/HelloWorld.sloth', '{main:sloth.c} Examples/Count.sloth', '{main:sloth.c} Examples/Gamut.sloth', '{main:sloth.c} Examples/EvenOdd.sloth < Examples/EvenOdd.sloth.stdin', '{main:sloth.c}'],
    note: 'ci.sh: the unit tests, then every Examples/*.sloth through ./sloth (with its .stdin when there is one)',
  },
  'aes128-SIMD': { cTest: 'make test', equiv: ['{main:tests/test.c}'], note: 'SSE/AES-NI intrinsics; the test prints keys, base64 and round-trips a text' },
  amp: { cTest: 'make test', equiv: ['{main:tests/test.c}'] },
  avalanche: {
    cTest: 'cc -Isrc -o matrix_test tests/matrix_test.c src/avalanche.c -lm && ./matrix_test && cc -Isrc -o fnv_32 tests/fnv_1a.c src/avalanche.c -lm && ./fnv_32 data/fnv_32.txt',
    equiv: ['{main:tests/matrix_test.c}', '{main:tests/fnv_1a.c} data/fnv_32.txt', '{main:tests/fnv_1a.c} data/fnv_32.txt 4 100', '{main:tests/fnv_1a.c}'],
    note: "the Makefile's rules name src/matrix_test.c and src/fnv_1a.c, which live in tests/: its commands, with the right paths; fnv_mw (-DMULTI_WORD) is a second build of fnv_1a.c, not a separate program",
  },
  bostree: {
    cTest: 'make tests/sanity tests/remove_bug tests/remove_bug_2 && ./tests/sanity && ./tests/remove_bug && ./tests/remove_bug_2',
    equiv: ['{main:tests/sanity.c}', '{main:tests/remove_bug.c}', '{main:tests/remove_bug_2.c}'],
    note: 'tests/timing inserts 10 million keys seeded by time(NULL): a benchmark, not run',
  },
  'c-blind-rsa-signatures': {
    cTest: 'make',
    equiv: ['{main:src/test_blind_rsa.c}'],
    note: '`make test` sees the test/ folder as up to date; `make` builds ./test and runs it; links OpenSSL (-lcrypto)',
  },
  cfsm: { cTest: 'make test', equiv: ['{main:tests/test_c_fsm.c}'], note: 'Unity 2.5.2 vendored in tests/; 4 tests' },
  coroutine: { cTest: 'make test', equiv: ['{main:tests/test.c}'], note: 'ucontext coroutines' },
  fleur: { none: 'tests need Unity (external/Unity is not in the tree; CMake expects it there)', equiv: [] },
  fs_c: {
    cTest: 'make test',
    exit: 2,
    equiv: ['{main:test.c}'],
    note: 'test_fs_open asserts that /root/foo cannot be opened for writing: as root it can, so the test aborts after its first check (exit 2 from make); the abort is the output to match',
  },
  jccc: { cTest: 'make test', equiv: ['{main:src/testing/main.c}'], note: 'test driver src/testing/main.c (the compiler is src/driver/main.c, same stem)' },
  kairoCompiler: {
    cTest: 'make',
    equiv: ['{main:tests/main.c}', 'cd tests && {main:tests/main.c}'],
    note: 'the default goal builds ./main from tests/main.c and runs it from the root, where ./test.txt is missing ("compile failed"); from tests/ it compiles test.txt and writes ./test',
  },
  kd3: { cTest: 'make && ./run_test', equiv: ['{main:run_test.c}'], note: 'the Makefile builds run_test but does not run it' },
  libpgn: { cTest: 'make test', equiv: LIBPGN_TESTS.map((t) => `{main:tests/${t}.c}`), note: 'one program per tests/*.c, linked against libpgn.so' },
  rect_pack_h: { none: 'the only test needs Unity, which test/CMakeLists.txt fetches with FetchContent (no network)', equiv: [] },
  rubiksolver: {
    cTest: 'make test',
    equiv: ['{main:rubik_model_tests.c}', '{main:hash/hash_tests.c}', '{main:heap/heap_tests.c}'],
    note: '`make test` runs rubik_model_tests and recurses into hash/ and heap/ for theirs',
  },
  utf8: { cTest: 'make test', equiv: ['{main:tests/test.c}'], note: '25 tests' },
};

/** bzip2 and zlib: the issue's own checks, as equivalence commands (seeded with the project tree). */
const CORPORA: Record<string, string[]> = {
  bzip2: [
    ...[1, 2, 3].flatMap((n) => [`{main:bzip2.c} -1 -c tests/sample${n}.ref`, `{main:bzip2.c} -9 -c tests/sample${n}.ref`]),
    ...[1, 2, 3].map((n) => `{main:bzip2.c} -d -c tests/sample${n}.bz2 | cmp - tests/sample${n}.ref && echo sample${n} decompresses to its .ref`),
    ...[1, 2, 3].map((n) => `{main:bzip2.c} -d -c tests/sample${n}.bz2`),
    '{main:bzip2.c} -k -9 tests/sample1.ref && ls tests',
  ],
  zlib: [
    '{main:test/example.c}',
    '{main:test/minigzip.c} < zlib.h',
    '{main:test/minigzip.c} -9 < deflate.c',
    '{main:test/minigzip.c} < zlib.h | {main:test/minigzip.c} -d | cmp - zlib.h && echo round trip',
    'cp deflate.c d.c && {main:test/minigzip.c} d.c && {main:test/minigzip.c} -d d.c.gz && cmp d.c deflate.c && echo file round trip',
  ],
};

const C_TEST_TIMEOUT_MS = 300_000;
const RUN_TIMEOUT_S = 60;

interface Row {
  project: string;
  cTests: string;
  cOk: boolean;
  translate: string;
  clang: string;
  crate: string;
  crateOk: boolean;
  kept: string;
  /** Every function kept in C is kept for a reason of issue 15 item 3. */
  keptAllowed: boolean;
  unsafe: string;
  result: string;
  same: boolean;
  /** The long explanations, printed under the table. */
  notes: string[];
}

/**
 * Issue 15 item 3: what stable Rust cannot express may stay C (inline asm, setjmp/longjmp and
 * other functions that return twice, computed goto, _Complex, variadic definitions).
 */
const ITEM3 = /\b(asm|setjmp|longjmp|returns twice|computed goto|_Complex|complex|variadic function definition)\b/i;

async function oneProject(name: string, src: string, commands: readonly string[], t: ProjectTests | undefined, scratch: string): Promise<Row> {
  const row: Row = { project: name, cTests: '-', cOk: false, translate: '-', clang: '-', crate: '-', crateOk: false, kept: '-', keptAllowed: false, unsafe: '-', result: '-', same: false, notes: [] };
  if (t?.none) {
    row.cTests = 'none here';
    row.notes.push(`C tests: ${t.none}`);
  }
  else if (t?.cTest) {
    const cCopy = join(scratch, 'c-tests', name);
    cpSync(src, cCopy, { recursive: true });
    const r = await shell(t.cTest, cCopy, C_TEST_TIMEOUT_MS);
    row.cOk = !r.timedOut && r.code === (t.exit ?? 0);
    row.cTests = row.cOk ? `ok (${r.seconds.toFixed(1)} s)` : r.timedOut ? 'timed out' : `exit ${r.code}`;
    if (!row.cOk) row.notes.push(`C tests (\`${t.cTest}\`): ${lastLine(r.out)}`);
  } else row.cTests = 'C program (no test suite)';
  const root = join(scratch, name);
  cpSync(src, root, { recursive: true });
  if (listSources(root).sources.length === 0) {
    row.translate = row.crate = 'no C sources';
    return row;
  }
  const commandsFrom = await handCompileCommands(root, commands);
  const tr = await transpile(root);
  const clang = await clangParse(root);
  row.clang = `${clang.seconds.toFixed(2)} s (${clang.units} units${clang.failed ? `, ${clang.failed} failed` : ''})`;
  let report: TranspileReport | undefined;
  if (!tr.available) row.translate = 'no `jc2r transpile` in this checkout';
  else {
    row.translate = tr.ok ? `${tr.seconds.toFixed(2)} s` : `FAILED (${tr.seconds.toFixed(0)} s)`;
    row.notes.push(`compile commands: ${commandsFrom}`);
    if (!tr.ok) row.notes.push(`transpile: ${lastLine(tr.out.split('\n').filter((l) => !/^run again with/.test(l)).join('\n'))}`);
    report = readTranspileReport(root);
    row.kept = report ? String(report.keptInC.length) : 'no report';
    row.keptAllowed = report !== undefined && report.keptInC.every((k) => ITEM3.test(k.reason));
    if (report?.keptInC.length) {
      const reasons = new Map<string, string[]>();
      for (const k of report.keptInC) reasons.set(k.reason, [...(reasons.get(k.reason) ?? []), k.name]);
      for (const [reason, names] of reasons) row.notes.push(`kept in C${ITEM3.test(reason) ? '' : ' (NOT an item-3 reason)'}: ${reason}: ${names.slice(0, 6).join(', ')}${names.length > 6 ? `, … (${names.length})` : ''}`);
    }
    row.unsafe = report?.unsafeLines !== undefined ? String(report.unsafeLines) : '-';
    const cargo = await cargoBuild(`${root}_rs`);
    row.crateOk = cargo.ok;
    row.crate = cargo.ok ? `builds (${cargo.seconds.toFixed(1)} s)` : 'does not build';
    if (!cargo.ok) row.notes.push(`cargo build: ${cargo.error ?? ''}`);
  }
  if (commands.length === 0) return row;
  if (tr.available && row.crateOk) {
    const e = await equiv(root, resolveMains(commands, root, report), RUN_TIMEOUT_S);
    if (e.report) {
      row.same = e.report.different === 0;
      const f = e.report.firstDifference;
      row.result = `${row.same ? 'same' : 'DIFFERENT'} (${e.report.equal}/${e.report.commands.length})`;
      if (f) row.notes.push(`first difference: #${f.index + 1} \`${f.command}\`: ${f.difference.message}; C: ${f.difference.c.slice(0, 100)} | Rust: ${f.difference.rust.slice(0, 100)}`);
    } else {
      row.result = 'equiv error';
      row.notes.push(`jc2r equiv: ${e.error ?? ''}`);
    }
  } else {
    const c = await runCSide(root, commands, RUN_TIMEOUT_S * 1000);
    const counts = new Map<string, number>();
    for (const r of c.runs) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    const cSide = c.error ? `C side: ${c.error}` : `C side only, ${c.runs.length} run(s): ${[...counts].map(([st, n]) => `${n}× ${st}`).join(', ')}`;
    row.result = tr.available ? 'no crate' : 'C side only';
    row.notes.push(cSide);
  }
  return row;
}

function lastLine(text: string): string {
  return (text.trim().split('\n').pop() ?? '').slice(0, 100);
}

export default async function bench(): Promise<void> {
  const cbench = join(shared, 'bench/crust-dev/CBench');
  if (!existsSync(cbench)) throw new Error(`benchmark data not found at ${cbench}`);
  const scratch = mkdtempSync(join(tmpdir(), 'jc2r-translate-'));
  const only = process.env.BENCH_ONLY?.split(',');
  try {
    const rows: Row[] = [];
    for (const name of readdirSync(cbench).sort()) {
      if (only && !only.includes(name)) continue;
      const t = TESTS[name];
      if (!t) console.log(`note: ${name} has no entry in the TESTS table; its C tests are not run`);
      rows.push(await oneProject(name, join(cbench, name), t?.equiv ?? [], t, scratch));
      console.log(`${name}: ${rows[rows.length - 1]?.result}`);
    }
    const corpora: Row[] = [];
    for (const [name, commands] of Object.entries(CORPORA)) {
      if (only && !only.includes(name)) continue;
      corpora.push(await oneProject(name, join(shared, 'corpora', name), commands, undefined, scratch));
    }
    const header = ['project', 'C tests (own way)', 'transpile', 'clang -fsyntax-only', 'crate', 'kept in C', 'unsafe lines', 'equivalence'];
    const cells = (r: Row) => [r.project, r.cTests, r.translate, r.clang, r.crate, r.kept, r.unsafe, r.result];
    const notes = (list: Row[]) => {
      for (const r of list) for (const n of r.notes) console.log(`  ${r.project}: ${n}`);
    };
    if (rows.length) {
      console.log(formatTable([header, ...rows.map(cells)]));
      notes(rows);
    }
    const withSources = rows.filter((r) => r.translate !== 'no C sources');
    const testable = rows.filter((r) => r.cOk);
    if (process.env.BENCH_VERBOSE === '1') for (const [n, t] of Object.entries(TESTS)) console.log(`${n}: ${t.none ?? t.cTest}${t.note ? ` — ${t.note}` : ''}`);
    if (rows.length) console.log(`crates that build: ${rows.filter((r) => r.crateOk).length}/${withSources.length} projects with C sources; of them with nothing kept in C beyond item 3: ${rows.filter((r) => r.crateOk && r.keptAllowed).length}`);
    const same = testable.filter((r) => r.same).length;
    const measured = [...rows, ...corpora].some((r) => r.translate !== '-' && !r.translate.startsWith('no '));
    if (rows.length) console.log(`C tests that build and run here: ${testable.length}/${withSources.length}`);
    if (!measured) console.log('translated tests: not measured (this checkout has no `jc2r transpile`); the equivalence column shows the C side alone');
    else if (rows.length) {
      console.log(`translated tests behaving the same: ${same}/${testable.length}${testable.length ? ` (${((100 * same) / testable.length).toFixed(0)}%)` : ''}`);
      console.log(`  not the same: ${testable.filter((x) => !x.same).map((r) => r.project).join(', ') || 'none'} (first differences above)`);
    }
    if (corpora.length) {
      console.log(formatTable([header, ...corpora.map(cells)]));
      notes(corpora);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
