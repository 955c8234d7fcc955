/**
 * Error handling: `unwrap()`/`expect()` that can panic on what the program reads, and `Result`s
 * that are thrown away (`let _ =`, `.ok();`, or a call statement whose `Result` nobody looks at).
 */
import type { SyntaxNode } from '../../../lang/index.js';
import type { RuleContext } from './ctx.js';
import { RUST_RULES as R } from './rules.js';
import { bindingAt, callArgs, calleeName, calleePath, escapeRe, isComment, isConstantExpr, methodReceiver, unwrapExpr, type FnInfo } from './syntax.js';

// ---------------------------------------------------------------------------------------------
// unwrap / expect

interface Link {
  kind: 'method' | 'call' | 'field' | 'index';
  name: string;
  args: SyntaxNode[];
  node: SyntaxNode;
  /** the expression the link applies to (a method's receiver, an index's base) */
  base?: SyntaxNode;
}

/** `a.b().c(x)[i].d()` → the links from the outermost in, and the root (`a`). */
function chainOf(e: SyntaxNode): { links: Link[]; root: SyntaxNode } {
  const links: Link[] = [];
  let cur = unwrapExpr(e);
  for (let guard = 0; guard < 50; guard++) {
    if (cur.type === 'call_expression') {
      const recv = methodReceiver(cur);
      if (recv) {
        links.push({ kind: 'method', name: calleeName(cur) ?? '', args: callArgs(cur), node: cur, base: recv });
        cur = unwrapExpr(recv);
        continue;
      }
      links.push({ kind: 'call', name: calleePath(cur), args: callArgs(cur), node: cur });
      break;
    }
    if (cur.type === 'field_expression') {
      const v = cur.childForFieldName('value');
      links.push({ kind: 'field', name: cur.childForFieldName('field')?.text ?? '', args: [], node: cur, base: v ?? undefined });
      if (!v) break;
      cur = unwrapExpr(v);
      continue;
    }
    if (cur.type === 'index_expression') {
      const [base, index] = cur.namedChildren;
      links.push({ kind: 'index', name: '[]', args: index ? [index] : [], node: cur, base });
      if (!base) break;
      cur = unwrapExpr(base);
      continue;
    }
    if ((cur.type === 'try_expression' || cur.type === 'await_expression' || cur.type === 'reference_expression') && cur.namedChildren[0]) {
      cur = unwrapExpr(cur.namedChildren[cur.namedChildren.length - 1] as SyntaxNode);
      continue;
    }
    break;
  }
  return { links, root: cur };
}

/** Calls that bring in what the program reads: the environment, arguments, files, sockets, child processes. */
const INPUT_PATH = /(^|::)(env::(var|var_os|args|args_os|current_dir)|args|args_os|fs::\w+|File::(open|create)|OpenOptions::\w+|TcpStream::connect\w*|TcpListener::bind|UdpSocket::bind|UnixStream::connect|UnixListener::bind|stdin|read_to_string|Command::new)$/;
const INPUT_METHOD = /^(read_line|read_to_string|read_to_end|read_exact|recv|recv_timeout|try_recv|recv_from|accept|incoming|connect|open|output|status|spawn|wait|metadata|canonicalize|read_dir|read_link)$/;
/** Operations that fail on some values: parsing, lookups, conversions, searches. */
const FALLIBLE_PATH = /(^|::)(CString::new|from_utf8|from_str|from_str_radix|from_slice|from_reader|from_bytes|try_from|from_bytes_with_nul|decode)$/;
const FALLIBLE_METHOD = /^(parse|try_into|split_once|rsplit_once|strip_prefix|strip_suffix|find|rfind|position|get|get_mut|first|last|next|nth|next_back|to_str|into_string|max|min|max_by|min_by|max_by_key|min_by_key|pop|peek|captures|char_indices|file_name|file_stem|parent|extension|from_utf8|decode|into_inner)$/;
/** Messages that state why the value is there (`expect("regex is valid")`). */
const INVARIANT_MESSAGE = /\b(always|never|infallible|invariant|cannot|can't|checked|validated|guaranteed|impossible|must|statically|by construction|known)\b/i;

/** `R.is_some()`/`R.is_empty()`/`R.len()`/`R.contains_key(…)` before `at`: the author checked `R`. */
function checkedBefore(roots: readonly string[], before: string, lengthOnly: boolean): boolean {
  const tests = lengthOnly ? 'len' : 'is_some|is_ok|is_none|is_err|is_empty|len|contains_key|contains|is_some_and|is_ok_and';
  return roots.some((r) => r.length > 0 && new RegExp(`(?<![\\w.])${escapeRe(r).replace(/\\\./g, '\\s*\\.\\s*')}\\s*\\.\\s*(${tests})\\s*\\(`).test(before));
}

function isParamOption(name: string, at: SyntaxNode, fn: FnInfo | undefined): boolean {
  const b = bindingAt(name, at, fn);
  return !!b?.param && /^(&\s*)?(mut\s+)?(Option|Result)\b|(^|::)Option\s*<|Result\s*</.test(b.type ?? '');
}

/** The expression a `for` loop binds `name` from, when `at` is inside that loop. */
function loopSource(name: string, at: SyntaxNode): SyntaxNode | undefined {
  for (let p = at.parent; p; p = p.parent) {
    if (p.type === 'function_item') return undefined;
    if (p.type === 'for_expression' && new RegExp(`\\b${escapeRe(name)}\\b`).test(p.childForFieldName('pattern')?.text ?? '')) return p.childForFieldName('value') ?? undefined;
  }
  return undefined;
}

const hasInput = (t: string) => INPUT_PATH.test(t) || /(^|[^\w])(env::(var|args)|std::env|stdin\s*\(|fs::\w+\s*\(|File::open|OpenOptions|TcpStream|UdpSocket|\.(read_line|read_to_string|read_to_end|read_exact|recv|accept|incoming)\s*\()/.test(t);

/** Where the value named `name` comes from: program input, a parameter, or something else. */
function originOf(name: string, at: SyntaxNode, fn: FnInfo | undefined, depth = 0): 'input' | 'param' | undefined {
  if (depth > 3) return undefined;
  const src = loopSource(name, at);
  const b = src ? undefined : bindingAt(name, at, fn);
  if (b?.param) return 'param';
  const value = src ?? b?.value;
  if (!value) return undefined;
  if (hasInput(value.text)) return 'input';
  let best: 'input' | 'param' | undefined;
  for (const id of new Set([...(value.type === 'identifier' ? [value] : value.descendantsOfType('identifier'))].map((i) => i.text))) {
    if (id === name) continue;
    const o = originOf(id, value, fn, depth + 1);
    if (o === 'input') return 'input';
    best ??= o;
  }
  return best;
}

export function judgeUnwrap(call: SyntaxNode, ctx: RuleContext): void {
  const name = calleeName(call) as 'unwrap' | 'expect';
  const recv = methodReceiver(call);
  if (!recv) return;
  const { links, root } = chainOf(recv);
  const fn = ctx.fnOf(call);
  const scope = fn?.body;
  const before = scope ? ctx.before(scope, call) : '';
  const pattern = `.${name}()`;
  const message = name === 'expect' ? callArgs(call)[0]?.text ?? '' : '';
  const stated = !!message && INVARIANT_MESSAGE.test(message);
  const input = links.find((l) => (l.kind === 'call' && INPUT_PATH.test(l.name)) || (l.kind === 'method' && INPUT_METHOD.test(l.name)));
  const fallible = links.find((l) => (l.kind === 'call' && FALLIBLE_PATH.test(l.name)) || (l.kind === 'method' && FALLIBLE_METHOD.test(l.name)));
  const rootConst = root.type !== 'identifier' && root.type !== 'self' && root.type !== 'field_expression' && (isConstantExpr(root) || (root.type === 'call_expression' && !methodReceiver(root) && callArgs(root).every(isConstantExpr)));
  const allArgsConst = links.every((l) => l.args.every(isConstantExpr) && l.kind !== 'index');
  const last = links[0];

  // A literal parsed or built from compile-time-known values: it does not fail for one input and
  // not another (`"127.0.0.1".parse()`, `Regex::new(r"…")`, `NonZeroU32::new(4)`, `u8::try_from(3)`).
  if (rootConst && allArgsConst && !input) return;
  // `s.split(sep).next()` always yields a first item
  if (last?.kind === 'method' && last.name === 'next' && links[1]?.kind === 'method' && /^(split|splitn|rsplit|split_terminator)$/.test(links[1].name)) return;

  const add = (c: number, description: string, severity?: 'medium') => ctx.add(R.unwrap, call, c, pattern, { description, severity, noSafetyDiscount: true });
  if (last?.kind === 'method' && (last.name === 'lock' || ((last.name === 'read' || last.name === 'write') && last.args.length === 0))) {
    return add(0.2, `${pattern} on a lock result panics only if another thread panicked while holding the lock (poisoning); that is usually the right reaction.`);
  }
  if (last?.kind === 'method' && /^checked_(add|sub|mul|div|rem|pow|neg|shl|shr)$/.test(last.name)) {
    return add(0.3, `${pattern} on ${last.name}(): a deliberate overflow assertion, as an explicit panic.`);
  }

  // What the author may have checked: the root variable and every receiver along the chain.
  const roots = [root.text, ...links.map((l) => l.base?.text ?? '')].map((r) => r.replace(/\s+/g, '')).filter((r) => /^[\w.]+$/.test(r) && r !== 'self');
  // `buf[a..b].try_into().unwrap()`: the conversion cannot fail once the range exists; the slicing panics on short input
  const sliced = last?.kind === 'method' && last.name === 'try_into' && links[1]?.kind === 'index' && links[1].args[0]?.type === 'range_expression' ? links[1] : undefined;
  if (sliced) {
    const base = sliced.base?.text.replace(/\s+/g, '') ?? '';
    if (checkedBefore([base], before, true)) return add(0.2, `${pattern} after a length check on ${base}: the slice has the expected size.`);
    return add(0.55, `${base}[…] is taken with no length check first: a shorter input panics here (index out of range) before ${pattern} runs.`, 'medium');
  }
  if (checkedBefore(roots, before, false)) return add(0.25, `${pattern} on a value checked just before (${roots[0] ?? ''}); it panics only if that check and this use disagree.`);
  if (input) {
    const what = input.kind === 'call' ? input.name : `.${input.name}()`;
    return add(0.6, `${pattern} on the result of ${what}: input the author did not expect (a missing variable or file, a refused connection) panics and stops the program.`, 'medium');
  }
  // where the data comes from: the root variable, or the variables given to the calls along the chain
  const sources = [root, ...links.flatMap((l) => l.args), ...(root.type === 'call_expression' ? callArgs(root) : [])];
  const ids = new Set(sources.flatMap((e) => (e.type === 'identifier' ? [e.text] : e.descendantsOfType('identifier').map((i) => i.text))));
  let origin: 'input' | 'param' | undefined;
  for (const id of ids) {
    const o = originOf(id, call, fn);
    if (o === 'input') {
      origin = 'input';
      break;
    }
    origin ??= o;
  }
  if (origin === 'input') {
    return add(0.6, `${pattern} on ${fallible ? (fallible.kind === 'call' ? fallible.name : `.${fallible.name}()`) : root.text} of data that comes from program input: a malformed value panics and stops the program.`, 'medium');
  }
  if (fallible && origin === 'param') {
    return add(stated ? 0.3 : fn?.pub ? 0.45 : 0.35, `${pattern} on ${fallible.kind === 'call' ? fallible.name : `.${fallible.name}()`} of a value the caller provides: a value the author did not expect makes this function panic.`);
  }
  if (!fallible && root.type === 'identifier' && isParamOption(root.text, call, fn)) {
    return add(stated ? 0.3 : 0.5, `${pattern} on the parameter ${root.text}: a caller passing None/Err makes this function panic.`);
  }
  add(stated ? 0.3 : 0.35, `${pattern} panics if the value is None/Err; where it comes from is not known here.`);
}

// ---------------------------------------------------------------------------------------------
// Ignored results

/** Methods of std types that return a `Result`, with the number of arguments that tells them apart from same-named others. */
const RESULT_METHODS: Record<string, number[]> = {
  flush: [0], sync_all: [0], sync_data: [0], write_all: [1], write: [1], write_fmt: [1], read: [1], read_exact: [1],
  read_to_end: [1], read_to_string: [1], read_line: [1], seek: [1], set_nonblocking: [1], set_read_timeout: [1],
  set_write_timeout: [1], set_nodelay: [1], set_ttl: [1], shutdown: [1], set_permissions: [1], send: [1], send_to: [2],
  try_send: [1], join: [0], kill: [0], status: [0], output: [0], spawn: [0], connect: [1], recv: [0],
};
/** Bytes, as io::Write::write and io::Read::read take them (MaybeUninit::write and pointer::write take a value). */
const BYTES_ARG = /^(&|b"|br")|\.(as_bytes|as_slice|as_mut_slice|as_ref)\s*\(\s*\)$/;
/** Failures that lose data or weaken a guarantee when nobody looks: unwritten bytes, files left behind, timeouts not set. */
const DATA_LOSS_METHODS = /^(flush|sync_all|sync_data|write_all|write|write_fmt|set_nonblocking|set_read_timeout|set_write_timeout|shutdown|set_permissions|status|output|spawn|join|kill)$/;
const RESULT_PATH = /(^|::)(fs::\w+|File::(create|open|create_new)|env::set_current_dir|io::copy|set_permissions|remove_file|remove_dir|remove_dir_all|create_dir|create_dir_all|rename|hard_link|symlink)$/;
const DATA_LOSS_PATH = /(^|::)(fs::(write|remove_file|remove_dir|remove_dir_all|rename|copy|set_permissions|create_dir|create_dir_all|hard_link)|File::create|remove_file|remove_dir|remove_dir_all|set_permissions|rename|io::copy)$/;

/** C calls whose failure loses data or leaves a privilege or a file in place. */
const C_STATUS_LOSS = /^(write|send|sendto|fsync|fdatasync|close|unlink|remove|rename|chmod|fchmod|chown|setuid|setgid|seteuid|setegid|setresuid|setresgid|setgroups|chdir|chroot|ftruncate|truncate|munmap|mprotect|mlock)$/;

interface ResultCall {
  what: string;
  /** a failure loses data or a guarantee */
  dataLoss: boolean;
  /** a diagnostic written to stderr/stdout: there is nowhere to report its failure */
  console: boolean;
  /** `tx.send(v)` on a channel: fails only when the receiver is gone */
  channel: boolean;
  /** known to return Result (std call or a function of this file) */
  known: boolean;
}

const CONSOLE_CALL = /^(&\s*mut\s+)?((std::)?io::)?(stderr|stdout)\s*\(\s*\)(\s*\.\s*lock\s*\(\s*\))?$/;

/** `io::stderr()`, or a variable bound to it (`let mut err = io::stderr().lock();`). */
function isConsole(target: string, at: SyntaxNode, fn: FnInfo | undefined): boolean {
  const t = target.trim();
  if (CONSOLE_CALL.test(t)) return true;
  const name = /^(&\s*mut\s+)?(\w+)$/.exec(t)?.[2];
  const b = name ? bindingAt(name, at, fn) : undefined;
  return !!b?.value && CONSOLE_CALL.test(b.value.text.replace(/\s+/g, ' '));
}

/** What a discarded expression is, when it is (or may be) a `Result`; undefined when it is known not to be one. */
function resultCall(e: SyntaxNode, ctx: RuleContext, fn: FnInfo | undefined): ResultCall | undefined {
  const n = unwrapExpr(e);
  if (n.type === 'macro_invocation') {
    const mac = n.childForFieldName('macro')?.text.replace(/^.*::/, '') ?? '';
    if (mac !== 'write' && mac !== 'writeln') return undefined;
    const tokens = n.namedChildren.find((c) => c.type === 'token_tree');
    const target = (tokens?.text.slice(1).split(',')[0] ?? '').trim();
    const targetName = /^(&\s*mut\s+)?(\w+)$/.exec(target)?.[2];
    // fmt::Write into a String cannot fail
    if (targetName) {
      const b = bindingAt(targetName, n, fn);
      if (b && (/^(&\s*mut\s+)?String\b/.test(b.type ?? '') || /^String::(new|with_capacity|from)\b|^format!|\.(to_string|to_owned)\s*\(\s*\)$/.test(b.value?.text.trim() ?? ''))) return undefined;
    }
    return { what: `${mac}!`, dataLoss: true, console: isConsole(target, n, fn), channel: false, known: true };
  }
  if (n.type !== 'call_expression') return undefined;
  const name = calleeName(n) ?? '';
  const recv = methodReceiver(n);
  const args = callArgs(n);
  if (recv) {
    const counts = RESULT_METHODS[name];
    // a method of this file returning Result, unless the name is a std one the rules above tell apart
    const ownResult = ctx.facts.resultFns.has(name) && !RESULT_METHODS[name];
    const bytesOk = !/^(write|write_all|read|read_exact)$/.test(name) || BYTES_ARG.test(args[0]?.text.trim() ?? '');
    if (!ownResult && !(counts && counts.includes(args.length) && bytesOk)) return ctx.facts.otherFns.has(name) || counts ? undefined : { what: `.${name}()`, dataLoss: false, console: false, channel: false, known: false };
    if (name === 'write' || name === 'write_all' || name === 'flush' || name === 'write_fmt') {
      if (isConsole(unwrapExpr(recv).text, n, fn)) return { what: `.${name}()`, dataLoss: false, console: true, channel: false, known: true };
    }
    // `status()`/`output()`/`spawn()` are Command's only in a Command chain
    if ((name === 'status' || name === 'output' || name === 'spawn') && !/Command::new|\.arg\(|\.args\(/.test(recv.text) && !ownResult) return undefined;
    const channel = name === 'send' && !/^(&|b")/.test(args[0]?.text ?? '');
    return { what: `.${name}()`, dataLoss: DATA_LOSS_METHODS.test(name) && !channel, console: false, channel, known: true };
  }
  const path = calleePath(n);
  const last = path.replace(/^.*::/, '');
  const foreign = ctx.facts.foreignFns.get(last);
  if (foreign !== undefined && (!path.includes('::') || /^(libc|ffi|sys|self|crate|super)::/.test(path))) {
    // a C function's status code: an int (or a pointer) nobody looks at
    if (!/^(::)?(std::os::raw::|core::ffi::|libc::)?(c_int|c_long|i32|i64|isize|ssize_t|c_ssize_t)$/.test(foreign.replace(/\s+/g, ''))) return undefined;
    return { what: `${last}() (its status code)`, dataLoss: C_STATUS_LOSS.test(last), console: false, channel: false, known: true };
  }
  if (RESULT_PATH.test(path)) return { what: path, dataLoss: DATA_LOSS_PATH.test(path), console: false, channel: false, known: true };
  // a function of this file: called by its bare name or through self/Self/crate/super, not `ptr::write`
  const local = !path.includes('::') || /^(self|Self|crate|super)::/.test(path);
  if (local && ctx.facts.resultFns.has(last)) return { what: `${last}()`, dataLoss: false, console: false, channel: false, known: true };
  if (ctx.facts.otherFns.has(last) || !local) return undefined;
  return { what: `${path}()`, dataLoss: false, console: false, channel: false, known: false };
}

/** `#[must_use]` methods of std whose only effect is the value they return (`s.trim()`, `x.checked_add(1)`, `it.map(f)`). */
const PURE_METHODS = /^(trim|trim_start|trim_end|trim_matches|to_uppercase|to_lowercase|to_ascii_uppercase|to_ascii_lowercase|replace|replacen|to_string|to_owned|checked_(add|sub|mul|div|rem|pow|neg|shl|shr)|wrapping_(add|sub|mul|div|neg|shl|shr|pow)|saturating_(add|sub|mul|pow)|overflowing_(add|sub|mul)|is_empty|repeat|concat)$/;
/** Iterator adaptors: lazy, so a statement that builds one and drops it runs nothing. */
const LAZY_ADAPTORS = /^(map|filter|filter_map|flat_map|rev|skip|take|chain|zip|enumerate|cloned|copied|inspect|peekable|step_by)$/;
const ITERATOR = /\.(iter|iter_mut|into_iter|chars|bytes|lines|split\w*|keys|values|drain|windows|chunks)\s*\(/;

/** The call is a `#[must_use]` computation whose value a statement drops: a method above, or a function of this file marked `#[must_use]`. */
function pureValue(e: SyntaxNode, ctx: RuleContext): string | undefined {
  if (e.type !== 'call_expression') return undefined;
  const name = calleeName(e) ?? '';
  const recv = methodReceiver(e);
  if (ctx.facts.mustUseFns.has(name)) return `${name}() is #[must_use]:`;
  // a method of this file with the same name may have effects: only std's meaning is known
  if (!recv || ctx.facts.resultFns.has(name) || ctx.facts.otherFns.has(name)) return undefined;
  if (PURE_METHODS.test(name)) return `.${name}() returns a new value and changes nothing:`;
  if (LAZY_ADAPTORS.test(name) && ITERATOR.test(recv.text)) return `.${name}() builds a lazy iterator that nothing consumes:`;
  return undefined;
}

/** A comment that says why dropping the error is right (`// best effort`, `// ignore: …`). */
const EXCUSE = /\b(ignor(e|ed|ing)(?![-\w])|best[- ]effort|not (fatal|critical|important)|harmless|intentional\w*|on purpose|nothing (to|we can)|can(no|')t (do|report)|don'?t care|safe to)\b/i;

function excused(stmt: SyntaxNode): boolean {
  const prev = stmt.previousNamedSibling;
  const next = stmt.nextNamedSibling;
  return (!!prev && isComment(prev) && stmt.startPosition.row - prev.endPosition.row <= 1 && EXCUSE.test(prev.text)) || (!!next && isComment(next) && next.startPosition.row === stmt.endPosition.row && EXCUSE.test(next.text));
}

/** Inside `impl Drop`, errors cannot be returned: best-effort cleanup is the only option. */
function inDrop(fn: FnInfo | undefined): boolean {
  if (fn?.name !== 'drop') return false;
  for (let n = fn.node.parent; n; n = n.parent) if (n.type === 'impl_item') return n.childForFieldName('trait')?.text.replace(/^.*::/, '') === 'Drop';
  return false;
}

function describe(r: ResultCall, how: string): string {
  if (r.console) return `${how} a failed write of a diagnostic to stdout/stderr; there is nowhere else to report it.`;
  if (r.channel) return `${how} the Result of a channel send, which fails only when the receiver is gone.`;
  const loss = r.dataLoss ? ' If it fails, data is lost or a guarantee (written, removed, time-limited) silently does not hold.' : '';
  return `${how} the Result of ${r.what}.${loss}`;
}

/** `let _ = call();` */
export function judgeLetUnderscore(decl: SyntaxNode, ctx: RuleContext): void {
  const value = decl.childForFieldName('value');
  if (!value) return;
  const fn = ctx.fnOf(decl);
  const r = resultCall(value, ctx, fn);
  if (!r) return;
  let c = r.console ? 0.2 : r.channel ? 0.3 : r.dataLoss ? 0.6 : r.known ? 0.5 : 0.35;
  if (excused(decl) || inDrop(fn)) c = Math.min(c, 0.3);
  ctx.add(R.ignoredResult, decl, c, 'let _ =', { description: describe(r, '`let _ =` discards'), severity: c >= 0.6 ? 'medium' : 'low', noSafetyDiscount: true });
}

/** `call().ok();` and `call();` statements whose Result is dropped. */
export function judgeStatement(stmt: SyntaxNode, ctx: RuleContext): void {
  const first = stmt.namedChildren.find((c) => !isComment(c));
  // only a statement ended by `;` drops its value; text after a parse error (`try!(…)`) is not judged
  // (`unsafe { f() };` is the block statement followed by an empty statement)
  const dropped = stmt.lastChild?.type === ';' || stmt.nextSibling?.type === 'empty_statement';
  if (!first || !dropped || stmt.previousSibling?.type === 'ERROR') return;
  // `unsafe { setuid(uid) };` drops the call's value just the same
  const e = unwrapExpr(first);
  const fn = ctx.fnOf(stmt);
  if (e.type === 'call_expression' && calleeName(e) === 'ok' && methodReceiver(e) && callArgs(e).length === 0) {
    const r = resultCall(methodReceiver(e) as SyntaxNode, ctx, fn) ?? { what: 'the call', dataLoss: false, console: false, channel: false, known: false };
    let c = r.console ? 0.2 : r.channel ? 0.3 : r.dataLoss ? 0.6 : 0.5;
    if (excused(stmt) || inDrop(fn)) c = Math.min(c, 0.3);
    ctx.add(R.ignoredResult, e, c, '.ok();', { description: describe(r, '`.ok();` turns into an Option and drops'), severity: c >= 0.6 ? 'medium' : 'low', noSafetyDiscount: true });
    return;
  }
  if (e.type !== 'call_expression' && e.type !== 'macro_invocation') return;
  const pure = pureValue(e, ctx);
  if (pure) {
    ctx.add(R.ignoredResult, e, 0.5, 'unused value', { description: `${pure} the statement throws its value away (rustc: unused_must_use), so the call does not do what it seems to.`, noSafetyDiscount: true });
    return;
  }
  const r = resultCall(e, ctx, fn);
  if (!r?.known) return;
  let c = r.console ? 0.2 : r.channel ? 0.5 : r.dataLoss ? 0.65 : 0.55;
  if (excused(stmt) || inDrop(fn)) c = Math.min(c, 0.3);
  ctx.add(R.ignoredResult, e, c, 'unused Result', { description: describe(r, 'The statement drops (rustc: unused_must_use)'), severity: c >= 0.6 ? 'medium' : 'low', noSafetyDiscount: true });
}
