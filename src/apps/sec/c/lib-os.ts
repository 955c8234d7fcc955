/**
 * Commands and paths. A command run through a shell (system, popen, `sh -c`) built from outside
 * data is command injection; exec* with an argument vector runs no shell, so only a program path
 * from outside counts. A file name from outside reaching a file operation without realpath() or a
 * `..`/`/` check is path traversal.
 */
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { evalExpr } from './eval.js';
import { escape, newObj } from './memory.js';
import type { State } from './state.js';
import { formatText, isDangerous, isTainted, objsOf, strLen, taintOf, taintText, taintTrace } from './strings.js';
import { anyInt, MAYBE, NO, UNKNOWN, YES, type Obj, type PtrV, type Val } from './values.js';
import type { LibResult } from './lib.js';

/** run their first argument through a shell */
const SHELL = new Set(['system', 'popen', '_popen', '_wsystem', '_wpopen']);
/** exec with the arguments as a list: (path, arg0, arg1, …) */
const EXEC_LIST = new Set(['execl', 'execlp', 'execle', '_execl', '_execlp', '_wexecl', '_wexeclp', '_spawnl', '_spawnlp', '_wspawnl', '_wspawnlp']);
/** exec with an argument vector: (path, argv) */
const EXEC_VEC = new Set(['execv', 'execvp', 'execve', 'execvpe', 'fexecve', '_execv', '_execvp', '_wexecv', '_wexecvp', '_spawnv', '_spawnvp', '_wspawnv', '_wspawnvp']);
const SHELLS = /^(\/usr)?(\/bin\/)?(sh|bash|dash|zsh|ksh|csh|tcsh|cmd|cmd\.exe|\/c\/windows\/system32\/cmd\.exe)$/i;

export function isCommand(name: string): boolean {
  return SHELL.has(name) || EXEC_LIST.has(name) || EXEC_VEC.has(name);
}

/** file operations: index of each path argument */
const PATH_ARGS: Record<string, number[]> = {
  fopen: [0], freopen: [0], open: [0], open64: [0], fopen64: [0], creat: [0], openat: [1], unlink: [0], unlinkat: [1], remove: [0], rename: [0, 1],
  mkdir: [0], rmdir: [0], chmod: [0], chown: [0], lchown: [0], truncate: [0], opendir: [0], link: [0, 1], symlink: [1], mkfifo: [0],
  _wfopen: [0], _open: [0], _wopen: [0],
};

export function isPathSink(name: string): boolean {
  return name in PATH_ARGS;
}

/** checks that make a name safe to use as a path when they are made on it */
const PATH_CHECKS = new Set(['strstr', 'strchr', 'strrchr', 'strpbrk', 'strspn', 'strcspn', 'wcsstr', 'wcschr', 'wcspbrk', 'memchr']);

function shellOf(v: Val | undefined, st: State): boolean {
  const s = formatText(v, st);
  return s !== undefined && SHELLS.test(s.trim());
}

function injection(name: string, v: Val, node: N, n: N, st: State, fr: Frame, run: Run, what: string): void {
  const src = isDangerous(v, st);
  if (!src) return;
  const t = taintOf(src);
  report(fr, n, {
    rule: 'c.command.tainted',
    pattern: name,
    description: `${name} runs ${what} '${text(fr.file, node)}', which holds ${taintText(t)}.`,
    // a wrapper handing its own parameter straight on (`run(const char *cmd) { system(cmd); }`)
    // passes the caller's text as it is: the callers decide; text it built from one is more likely a flaw
    confidence: t.weak ? (src.kind === 'unknown' ? 0.3 : 0.45) : 0.8,
    trace: taintTrace(t),
    tier: t.weak ? 'suspect' : 'proven',
    obj: src,
  }, run);
}

export function commandCall(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult {
  const vals = args.map((a) => evalExpr(a, st, fr, run));
  const [cmd] = vals;
  if (SHELL.has(name)) {
    if (cmd && args[0]) {
      injection(name, cmd, args[0], n, st, fr, run, 'a shell command built from');
      // built from pieces of unknown length (a constant command has a known one)
      if (!isTainted(cmd, st) && cmd.k === 'ptr' && !Number.isFinite(strLen(cmd, st, 1).hi))
        report(fr, n, {
          rule: 'c.command.tainted',
          pattern: name,
          description: `${name} runs the shell command '${text(fr.file, args[0])}', which is built at run time; check that no outside data reaches it.`,
          confidence: 0.35,
          tier: 'suspect',
        }, run);
    }
  } else {
    // no shell: the arguments reach the program as they are; only the program itself matters,
    // unless that program is a shell given `-c`. A program named on the command line or in the
    // environment is the user's own choice (`nice CMD…`, `timeout N CMD…` run what they are told).
    const prog = cmd ? isDangerous(cmd, st) : undefined;
    if (cmd && args[0] && prog && prog.origin !== 'argv' && prog.origin !== 'env') injection(name, cmd, args[0], n, st, fr, run, 'a program named by');
    const argv = EXEC_LIST.has(name) ? vals.slice(1) : vectorOf(vals[1], st);
    if (shellOf(cmd, st) || shellOf(argv[0], st)) {
      const c = argv.findIndex((v) => formatText(v, st) === '-c');
      const script = c >= 0 ? argv[c + 1] : undefined;
      const node = EXEC_LIST.has(name) ? args[c + 2] ?? n : args[1] ?? n;
      if (script) injection(name, script, node, n, st, fr, run, 'a shell script built from');
    }
  }
  vals.forEach((v) => escape(v, st));
  return { v: name.includes('popen') ? ({ k: 'ptr', t: [], nul: MAYBE } as PtrV) : anyInt() };
}

/** The strings of an argument vector, from the slots of the array it points to. */
function vectorOf(v: Val | undefined, st: State): Val[] {
  if (v?.k !== 'ptr' || v.t.length !== 1) return [];
  const t = v.t[0];
  const o = t ? st.objs.get(t.o) : undefined;
  if (!t || !o?.slots) return [];
  const out: Val[] = [];
  for (let i = 0; i < 64; i++) {
    const s = o.slots.get(t.lo + i * 8);
    if (!s) break;
    out.push(s);
  }
  return out;
}

/**
 * A file operation on a name from outside the program. Names from the command line, the
 * environment or a file (a manifest, a list of files) are the user's own choice (a tool opening the
 * file it is told to) unless the program put them under a fixed directory; names from the network
 * or stdin are an attacker's.
 */
export function pathCall(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): void {
  for (const i of PATH_ARGS[name] ?? []) {
    const node = args[i];
    if (node) checkPath(name, node, n, st, fr, run);
  }
}

/** C++ file streams: the name given to the constructor (`std::ifstream in(path)`) or to `open`. */
const FILE_STREAM = /^(?:(?:::)?std::)?(?:basic_)?(w?ifstream|w?ofstream|w?fstream)$/;

export function isFileStream(base: string): boolean {
  return FILE_STREAM.test(base);
}

/** The path `node` names, opened by `name`: from outside and not checked is path traversal. */
export function checkPath(name: string, node: N, n: N, st: State, fr: Frame, run: Run): void {
  {
    // (looked up in the state it was evaluated in: `dir + name` makes a new string there)
    const at = st.peek();
    const v = quietEval(node, at, fr, run);
    const src = objsOf(v, at).find((o) => o.taint && !o.pathOk && !o.validated && (o.confined || !(o.origin === 'argv' || o.origin === 'env' || o.origin === 'file' || o.origin === 'caller' || o.origin === 'random')));
    if (!src) return;
    const t = taintOf(src);
    report(fr, n, {
      rule: 'c.path.traversal',
      pattern: name,
      description: `${name} opens the path '${text(fr.file, node)}', which holds ${taintText(t)}${src.confined ? ' placed under a fixed directory' : ''}, with no check for '..' and no realpath().`,
      confidence: t.weak ? 0.45 : src.origin === 'argv' || src.origin === 'env' ? 0.65 : 0.7,
      trace: taintTrace(t),
      tier: 'suspect',
      obj: src,
    }, run);
  }
}

function quietEval(node: N, st: State, fr: Frame, run: Run): Val {
  run.quiet++;
  try {
    return evalExpr(node, st, fr, run);
  } finally {
    run.quiet--;
  }
}

/** realpath(name, buf): buf holds a canonical path (still outside data, but safe to compare and open). */
export function realpathCall(n: N, args: N[], st: State, fr: Frame, run: Run): LibResult {
  const [src = UNKNOWN, dst = UNKNOWN] = args.map((a) => evalExpr(a, st, fr, run));
  const from = isTainted(src, st);
  const patch: Partial<Obj> = { init: 2, slo: 0, shi: Infinity, slots: undefined, unterm: false, ...(from ? { taint: true, taintLine: from.taintLine, origin: from.origin, weak: from.weak, pathOk: true } : {}) };
  for (const o of objsOf(dst, st)) if (o.kind !== 'literal') st.updateObj(o.id, patch);
  if (dst.k === 'ptr' && dst.t.length > 0) return { v: { ...dst, nul: MAYBE, nulSrc: undefined } };
  // realpath(name, NULL) allocates the canonical path (the caller frees it; not tracked as a leak)
  const o = newObj(run, st, { kind: 'heap', elem: 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line: n.line, name: 'the canonical path', local: false });
  st.updateObj(o.id, patch);
  return { v: { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: MAYBE } };
}

/**
 * strstr(name, ".."), strchr(name, '/'), strpbrk(name, "/\\"), strspn(name, allowed): the program
 * looked for what makes a name escape its directory. Searching for anything else is no path check.
 */
export function markPathChecked(name: string, vals: Val[], st: State): void {
  if (!PATH_CHECKS.has(name)) return;
  const needle = vals[1];
  let ok: boolean;
  if (needle?.k === 'int') ok = needle.lo === needle.hi && (needle.lo === 47 || needle.lo === 92 || needle.lo === 46);
  else {
    const s = formatText(needle, st);
    if (s === undefined) return;
    ok = name === 'strspn' ? !s.includes('/') : s.includes('/') || s.includes('..') || (name !== 'strstr' && s.includes('.'));
  }
  if (!ok) return;
  for (const o of objsOf(vals[0] ?? UNKNOWN, st)) if (o.taint) st.updateObj(o.id, { pathOk: true });
}
