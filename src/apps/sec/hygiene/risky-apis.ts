import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { assignedName, baseText, callArgs, calleeName, conditionTexts, enclosingFunction, literalText, mentions } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

const ENV_SINKS = new Set([
  'strcpy', 'strcat', 'sprintf', 'vsprintf', 'system', 'popen', 'execl', 'execlp', 'execle', 'execv', 'execvp',
  'execve', 'fopen', 'freopen', 'open', 'openat', 'creat', 'chdir', 'dlopen', 'putenv', 'setenv', 'unlink', 'remove',
]);

/** copies: a NULL value crashes them, but whether the length fits is the data-flow engine's to judge */
const COPY_SINKS = new Set(['strcpy', 'strcat', 'sprintf', 'vsprintf']);

function sinkOf(arg: SyntaxNode): string | undefined {
  let a = arg;
  while (a.parent && (a.parent.type === 'cast_expression' || a.parent.type === 'parenthesized_expression')) a = a.parent;
  const list = a.parent;
  const call = list?.type === 'argument_list' ? list.parent : undefined;
  const name = call ? calleeName(call) : undefined;
  if (!name || !ENV_SINKS.has(name)) return undefined;
  // exec* runs no shell: an environment value among its arguments is only an argument; the program path counts
  if (name.startsWith('exec') && list?.namedChildren[0]?.id !== a.id) return undefined;
  return name;
}

const STRING_TYPE = /^(const)?(std::)?(w?string|basic_string<.*>)$/;

/**
 * `std::string s(getenv("X"))`, `std::string s = getenv("X")`, a member `dir_(getenv("X"))` of
 * string type, `std::string(getenv("X"))`: building a string from NULL is undefined behaviour.
 */
function stringFromEnv(call: SyntaxNode): string | undefined {
  let up = call.parent;
  if (up?.type === 'argument_list') {
    const owner = up.parent;
    if (owner?.type === 'field_initializer') {
      const member = owner.namedChildren[0]?.text;
      const cls = (() => {
        for (let p = owner.parent; p; p = p.parent) if (p.type === 'field_declaration_list') return p;
        return undefined;
      })();
      const field = cls?.namedChildren.find((f) => f.type === 'field_declaration' && f.childrenForFieldName('declarator').some((d) => d.text === member));
      return field && STRING_TYPE.test(field.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '') ? 'std::string' : undefined;
    }
    if (owner?.type === 'call_expression' && STRING_TYPE.test(owner.childForFieldName('function')?.text.replace(/\s+/g, '') ?? '')) return 'std::string';
    up = owner ?? null;
  }
  if (up?.type === 'init_declarator') {
    const decl = up.parent;
    return decl?.type === 'declaration' && STRING_TYPE.test(decl.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '') ? 'std::string' : undefined;
  }
  return undefined;
}

export function checkGetenv(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, ['getenv', 'secure_getenv'])) {
    const name = call.childForFieldName('function')?.text ?? 'getenv';
    const suggestion = 'Check for NULL, bound the length and validate the content (allowed characters, absolute path) before use.';
    const direct = sinkOf(call) ?? stringFromEnv(call);
    if (direct) {
      out.push(findingFor(HYGIENE_RULES.getenv, suggestion, {
        node: call, pattern: name, confidence: 0.65, severity: 'medium',
        description: direct === 'std::string'
          ? `A std::string is built from ${name}()'s result, which is NULL when the variable is not set: undefined behaviour (usually a crash).`
          : `An environment value goes straight into ${direct}() without any validation.`,
      }));
      continue;
    }
    const v = assignedName(call);
    const fn = enclosingFunction(call);
    if (!v || !fn) continue;
    const checked = conditionTexts(fn).some((c) => mentions(c, v));
    const sinkUse = fn
      .descendantsOfType('identifier')
      .find((id) => id.text === v && id.startIndex > call.endIndex && sinkOf(id) !== undefined && !(checked && COPY_SINKS.has(sinkOf(id) ?? '')));
    if (checked && !sinkUse) continue;
    out.push(findingFor(HYGIENE_RULES.getenv, suggestion, {
      node: call, pattern: name,
      confidence: sinkUse ? (checked ? 0.45 : 0.6) : 0.35,
      severity: sinkUse && !checked ? 'medium' : 'low',
      description: sinkUse
        ? `The environment value in ${v} reaches ${sinkOf(sinkUse)}() (line ${sinkUse.startPosition.row + 1})${checked ? ' after only a presence check' : ' without validation'}.`
        : `The environment value in ${v} is used without a NULL check or validation.`,
      trace: sinkUse ? [
        { line: call.startPosition.row + 1, note: `${v} = ${name}(...)` },
        { line: sinkUse.startPosition.row + 1, note: `${v} passed to ${sinkOf(sinkUse)}()` },
      ] : [],
    }));
  }
  return out;
}

interface ApiSpec {
  rule: (typeof HYGIENE_RULES)[keyof typeof HYGIENE_RULES];
  confidence: number;
  suggestion: string;
}

const RISKY: Record<string, ApiSpec> = {
  strtok: { rule: HYGIENE_RULES.strtok, confidence: 0.45, suggestion: 'Use strtok_r() (POSIX) or strtok_s().' },
  tmpnam: { rule: HYGIENE_RULES.tempFile, confidence: 0.8, suggestion: 'Use mkstemp() or tmpfile(), which create and open the file in one step.' },
  tmpnam_r: { rule: HYGIENE_RULES.tempFile, confidence: 0.8, suggestion: 'Use mkstemp() or tmpfile(), which create and open the file in one step.' },
  tempnam: { rule: HYGIENE_RULES.tempFile, confidence: 0.8, suggestion: 'Use mkstemp() or tmpfile(), which create and open the file in one step.' },
  mktemp: { rule: HYGIENE_RULES.tempFile, confidence: 0.8, suggestion: 'Use mkstemp() (or mkdtemp() for directories).' },
  inet_addr: { rule: HYGIENE_RULES.legacyNet, confidence: 0.45, suggestion: 'Use inet_pton(): it reports errors distinctly from 255.255.255.255 and supports IPv6.' },
  inet_ntoa: { rule: HYGIENE_RULES.legacyNet, confidence: 0.45, suggestion: 'Use inet_ntop() with a caller-provided buffer.' },
  gethostbyname: { rule: HYGIENE_RULES.legacyNet, confidence: 0.5, suggestion: 'Use getaddrinfo(): reentrant and IPv6-capable.' },
  gethostbyaddr: { rule: HYGIENE_RULES.legacyNet, confidence: 0.5, suggestion: 'Use getnameinfo(): reentrant and IPv6-capable.' },
  asctime: { rule: HYGIENE_RULES.legacyTime, confidence: 0.45, suggestion: 'Use strftime() with your own buffer.' },
  ctime: { rule: HYGIENE_RULES.legacyTime, confidence: 0.45, suggestion: 'Use ctime_r() or strftime() with your own buffer.' },
  gmtime: { rule: HYGIENE_RULES.legacyTime, confidence: 0.4, suggestion: 'Use gmtime_r() with a caller-owned struct tm.' },
  localtime: { rule: HYGIENE_RULES.legacyTime, confidence: 0.4, suggestion: 'Use localtime_r() with a caller-owned struct tm.' },
};

export function checkRiskyApis(ctx: HygieneContext): RawFinding[] {
  const shared = strtokShared(ctx);
  return callsOf(ctx, Object.keys(RISKY)).map((call) => {
    const name = call.childForFieldName('function')?.text.replace(/^(std)?::/, '') ?? '';
    const spec = RISKY[name] ?? RISKY[name.replace(/^std::/, '')] ?? (RISKY.strtok as ApiSpec);
    // strtok's hidden state only hurts when something else can tokenise in between
    const confidence = name === 'strtok' && !shared.has(call) ? 0.3 : spec.confidence;
    return findingFor(spec.rule, spec.suggestion, { node: call, pattern: name, confidence });
  });
}

const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement']);

/** Whether a loop around `c` also holds one of `calls`. */
function inLoopWith(c: SyntaxNode, calls: readonly SyntaxNode[]): boolean {
  for (let p = c.parent; p && p.type !== 'function_definition'; p = p.parent) {
    if (!LOOPS.has(p.type)) continue;
    const { startIndex: s, endIndex: e } = p;
    if (calls.some((x) => x.startIndex >= s && x.endIndex <= e)) return true;
  }
  return false;
}

const nameOf = (fn: SyntaxNode | undefined) => fn?.childForFieldName('declarator')?.text.replace(/\(.*$/s, '').replace(/^\W+/, '');

const THREAD_STARTS = ['pthread_create', 'thrd_create', '_beginthreadex', 'CreateThread'];

/**
 * The strtok calls whose hidden state something else can disturb: every one in a file that starts
 * threads (`std::thread` too); otherwise a tokenisation that goes on (`strtok(NULL, …)`) after
 * another one started in between, in the same function (`strtok(pair, "=")` inside a
 * `strtok(header, ";")` loop) or in a function of the file called in between. A function that
 * splits one line alone, one tokenisation at a time, is left as a note.
 */
function strtokShared(ctx: HygieneContext): Set<SyntaxNode> {
  const calls = callsOf(ctx, ['strtok']);
  if (calls.length === 0) return new Set();
  if (callsOf(ctx, THREAD_STARTS).length > 0 || /\bstd::(j?thread|async)\b|#\s*pragma\s+omp\b/.test(ctx.source())) return new Set(calls);
  const isStart = (c: SyntaxNode) => {
    const a = callArgs(c)[0];
    return a !== undefined && !/^(NULL|nullptr|0)$/.test(a.text.trim());
  };
  // (syntax nodes are fresh objects on every walk: functions are told apart by where they start)
  const fnOf = (c: SyntaxNode) => enclosingFunction(c)?.startIndex ?? -1;
  const byFn = new Map<number, { fn: SyntaxNode | undefined; list: SyntaxNode[] }>();
  for (const c of calls) {
    const at = fnOf(c);
    const entry = byFn.get(at) ?? { fn: enclosingFunction(c), list: [] };
    entry.list.push(c);
    byFn.set(at, entry);
  }
  // functions of the file that start a tokenisation, by name
  const starters = new Set<string>();
  for (const { fn, list } of byFn.values()) {
    const name = nameOf(fn);
    if (name && list.some(isStart)) starters.add(name);
  }
  const shared = new Set<number>();
  const disturbers = new Set<string>();
  for (const [at, { list }] of byFn) {
    if (at < 0) continue;
    const starts = list.filter(isStart);
    const goesOn = list.filter((c) => !isStart(c));
    for (const first of starts) {
      const later = goesOn.filter((c) => c.startIndex > first.startIndex);
      const lastGoOn = later[later.length - 1];
      if (!lastGoOn) continue;
      // another start, or a call of a function that starts one, between this start and a
      // continuation of it (before it in the text, or in a loop that also goes on tokenising)
      const between = (c: SyntaxNode) => c.startIndex > first.startIndex && (c.startIndex < lastGoOn.startIndex || inLoopWith(c, later));
      const restart = starts.find((s) => s !== first && between(s));
      const nested = restart ?? [...starters].flatMap((name) => callsOf(ctx, [name])).find((c) => fnOf(c) === at && between(c));
      if (!nested) continue;
      for (const c of list) shared.add(c.startIndex);
      // the helper that restarts it is half of the clash
      if (nested !== restart) disturbers.add(calleeName(nested) ?? '');
    }
  }
  for (const { fn, list } of byFn.values()) if (disturbers.has(nameOf(fn) ?? '')) for (const c of list) shared.add(c.startIndex);
  return new Set(calls.filter((c) => shared.has(c.startIndex)));
}

const TMP_DIR = /^(\/tmp|\/var\/tmp|\/dev\/shm)\//;
const CREATES: Record<string, { path: number; mode: number }> = { fopen: { path: 0, mode: 1 }, fopen64: { path: 0, mode: 1 }, open: { path: 0, mode: 1 }, open64: { path: 0, mode: 1 }, creat: { path: 0, mode: -1 } };
const BUILDS: Record<string, number> = { sprintf: 1, snprintf: 2, strcpy: 1 };

/**
 * A fixed or guessable name in a shared temporary directory, created without O_EXCL: another user
 * can create it first, or plant a symlink there, and the program writes wherever it points.
 */
export function checkTempPaths(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  const opens = callsOf(ctx, Object.keys(CREATES));
  if (opens.length === 0) return out;
  // names built from a /tmp/ format earlier in the same function: `sprintf(name, "/tmp/app.%d", getpid())`
  const built = new Map<string, SyntaxNode>();
  for (const call of callsOf(ctx, Object.keys(BUILDS))) {
    const args = callArgs(call);
    const name = calleeName(call) ?? '';
    const fmt = literalText(args[BUILDS[name] ?? 1]);
    if (fmt !== undefined && TMP_DIR.test(fmt)) built.set(`${enclosingFunction(call)?.id}:${baseText(args[0])}`, call);
  }
  for (const call of opens) {
    const name = calleeName(call) ?? '';
    const spec = CREATES[name];
    if (!spec) continue;
    const args = callArgs(call);
    const literal = literalText(args[spec.path]);
    const from = built.get(`${enclosingFunction(call)?.id}:${baseText(args[spec.path])}`);
    if (!(literal !== undefined && TMP_DIR.test(literal)) && !(from && from.startIndex < call.startIndex)) continue;
    const mode = spec.mode < 0 ? 'O_CREAT' : (literalText(args[spec.mode]) ?? args[spec.mode]?.text ?? '');
    const creates = name.startsWith('fopen') ? /[wa]/.test(mode) && !mode.includes('x') : name === 'creat' || (/O_CREAT/.test(mode) && !/O_EXCL/.test(mode));
    if (!creates) continue;
    out.push(findingFor(HYGIENE_RULES.tempFile, 'Create temporary files with mkstemp()/tmpfile() (or open with O_CREAT|O_EXCL|O_NOFOLLOW in a private directory).', {
      node: call,
      pattern: `${name}(${literal !== undefined ? `"${literal.slice(0, 30)}"` : baseText(args[spec.path])})`,
      confidence: 0.65,
      description: `${name}() creates a predictable name in a shared temporary directory without O_EXCL; another user can create it first or plant a symlink there.`,
      trace: from ? [{ line: from.startPosition.row + 1, note: 'name built in a shared temporary directory' }, { line: call.startPosition.row + 1, note: `${name}() creates it` }] : [],
    }));
  }
  return out;
}
