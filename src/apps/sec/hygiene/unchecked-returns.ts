import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { assignedName, baseText, callArgs, calleeName, declaredName, enclosingFunction, literalText, resultDiscarded } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

/** Calls whose failure is only visible in the return value, with how sure we are that ignoring it is a bug. */
const IO_CALLS: Record<string, { confidence: number; severity?: 'high' | 'medium' | 'low' }> = {
  setuid: { confidence: 0.85, severity: 'high' },
  setgid: { confidence: 0.85, severity: 'high' },
  seteuid: { confidence: 0.85, severity: 'high' },
  setegid: { confidence: 0.85, severity: 'high' },
  setresuid: { confidence: 0.85, severity: 'high' },
  setresgid: { confidence: 0.85, severity: 'high' },
  setreuid: { confidence: 0.85, severity: 'high' },
  setregid: { confidence: 0.85, severity: 'high' },
  setgroups: { confidence: 0.85, severity: 'high' },
  initgroups: { confidence: 0.85, severity: 'high' },
  chroot: { confidence: 0.8, severity: 'high' },
  chdir: { confidence: 0.6 },
  read: { confidence: 0.6 },
  write: { confidence: 0.55 },
  pread: { confidence: 0.6 },
  pwrite: { confidence: 0.55 },
  recv: { confidence: 0.6 },
  recvfrom: { confidence: 0.6 },
  send: { confidence: 0.5 },
  sendto: { confidence: 0.5 },
  fread: { confidence: 0.5 },
  fwrite: { confidence: 0.45 },
  fgets: { confidence: 0.5 },
  // the values a scanf fails to convert keep whatever they held (often nothing): used anyway
  scanf: { confidence: 0.5 },
  fscanf: { confidence: 0.5 },
  sscanf: { confidence: 0.5 },
};

/**
 * pthread calls whose error is easy to miss; trylock's result is the whole point of calling it.
 * pthread_join fails only on a programming error (a bad or already joined handle), and an init
 * with default (NULL) attributes cannot fail on Linux: notes below the default threshold.
 */
const PTHREAD_CALLS: Record<string, number> = {
  pthread_mutex_trylock: 0.85,
  pthread_create: 0.6,
  pthread_join: 0.35,
  pthread_mutex_init: 0.45,
  pthread_cond_init: 0.45,
  pthread_attr_init: 0.4,
};

/** `pthread_mutex_init(&m, NULL)`: default attributes. */
function defaultAttrs(name: string, args: SyntaxNode[]): boolean {
  return (name === 'pthread_mutex_init' || name === 'pthread_cond_init') && /^(NULL|0|nullptr)$/.test(args[1]?.text.trim() ?? '');
}

const STREAM_CALLS = new Set(['fread', 'fwrite', 'fgets']);

/** Calls that only hand data out: ignoring their result loses at most that data. */
const OUTPUT_CALLS = new Set(['write', 'send', 'sendto', 'fwrite']);
/** Calls whose result is one end of a connection to another party. */
const PEER_SOURCES = ['accept', 'accept4', 'socket', 'popen'];

/** The argument of an output call that names where the data goes. */
function destination(name: string, args: SyntaxNode[]): string {
  return baseText(name === 'fwrite' ? args[3] : args[0]);
}

/**
 * Does the output call write to a connection? Its destination is a local assigned from a
 * PEER_SOURCES call, or a parameter that every caller in the file passes such a connection
 * (followed through up to four calls: a reply helper called by a handler called by the loop).
 */
function peerChannel(ctx: HygieneContext, call: SyntaxNode, name: string): boolean {
  const peers = new Set<string>();
  for (const src of callsOf(ctx, PEER_SOURCES)) {
    const v = assignedName(src);
    const fn = enclosingFunction(src);
    if (v && fn) peers.add(`${fn.startIndex}:${v}`);
  }
  const isPeer = (fn: SyntaxNode | undefined, v: string, depth: number): boolean => {
    if (!fn || !v || depth > 4) return false;
    if (peers.has(`${fn.startIndex}:${v}`)) return true;
    const decl = fn.childForFieldName('declarator');
    const fnDecl = decl?.type === 'function_declarator' ? decl : decl?.descendantsOfType('function_declarator')[0];
    const params = fnDecl?.childForFieldName('parameters')?.namedChildren.filter((p) => p.type === 'parameter_declaration') ?? [];
    const index = params.findIndex((p) => declaredName(p.childForFieldName('declarator')) === v);
    const fnName = declaredName(fnDecl?.childForFieldName('declarator'));
    if (index < 0 || !fnName) return false;
    const callers = ctx.calls.get(fnName) ?? [];
    return callers.length > 0 && callers.every((c) => isPeer(enclosingFunction(c), baseText(callArgs(c)[index]), depth + 1));
  };
  return isPeer(enclosingFunction(call), destination(name, callArgs(call)), 0);
}

export function checkUncheckedReturns(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, Object.keys(IO_CALLS))) {
    if (!resultDiscarded(call)) continue;
    const name = calleeName(call) ?? '';
    const spec = IO_CALLS[name];
    if (!spec) continue;
    // Stream code often checks ferror()/feof() once after a batch of calls: that is a check.
    if (STREAM_CALLS.has(name) && streamCheckedLater(ctx, call)) continue;
    // A diagnostic written to stdout/stderr has nowhere to report its own failure.
    if (writesToConsole(name, callArgs(call))) continue;
    // a one-shot reply on a socket with nothing after it but closing it: a failure (or a short
    // send) loses nothing the program could still act on; the peer sees the connection end
    const lastWord = (name === 'send' || name === 'sendto') && nothingAfter(call, baseText(callArgs(call)[0]));
    // output to a connection (a socket from accept()/socket(), a pipe from popen()): a failure
    // loses only what was being written and the peer sees it cut short; a file or an unknown
    // descriptor keeps its confidence, there the data is the point and nobody else notices
    const peer = OUTPUT_CALLS.has(name) && peerChannel(ctx, call, name);
    // `scanf("%*[^\n]")` skips input and assigns nothing: there is no value to leave unset
    if (/scanf$/.test(name) && !assigns(callArgs(call)[name === 'scanf' ? 0 : 1])) continue;
    out.push(findingFor(HYGIENE_RULES.uncheckedIo, `Check the result of ${name}() and handle failure${name.startsWith('f') ? ' (or test ferror() on the stream afterwards)' : ''}.`, {
      node: call,
      pattern: name,
      confidence: lastWord || peer ? 0.35 : spec.confidence,
      severity: spec.severity,
      description: `The return value of ${name}() is ignored; ${HYGIENE_RULES.uncheckedIo.help}`,
    }));
  }
  for (const call of callsOf(ctx, Object.keys(PTHREAD_CALLS))) {
    if (!resultDiscarded(call)) continue;
    const name = calleeName(call) ?? '';
    out.push(findingFor(HYGIENE_RULES.uncheckedPthread, `Check the result of ${name}() (it returns an error number, not -1/errno).`, {
      node: call,
      pattern: name,
      confidence: defaultAttrs(name, callArgs(call)) ? 0.35 : (PTHREAD_CALLS[name] ?? 0.4),
      severity: name === 'pthread_mutex_trylock' ? 'medium' : undefined,
      description: `The return value of ${name}() is ignored. ${HYGIENE_RULES.uncheckedPthread.help}`,
    }));
  }
  return out;
}

/** Does a scanf format (a literal) have a conversion that stores a value? Unknown formats: yes. */
function assigns(fmt: SyntaxNode | undefined): boolean {
  const text = literalText(fmt);
  return text === undefined || /%(?!%|\*)/.test(text.replace(/%%/g, ''));
}

const CONSOLE = /^(STDERR_FILENO|STDOUT_FILENO|1|2|stderr|stdout|fileno\((stderr|stdout)\))$/;

function writesToConsole(name: string, args: SyntaxNode[]): boolean {
  if (name === 'write') return CONSOLE.test(baseText(args[0]));
  if (name === 'fwrite') return CONSOLE.test(baseText(args[3]));
  return false;
}

function streamCheckedLater(ctx: HygieneContext, call: SyntaxNode): boolean {
  const args = callArgs(call);
  const stream = baseText(args[args.length - 1]);
  const fn = enclosingFunction(call);
  if (!fn || !stream) return false;
  return callsOf(ctx, ['ferror', 'feof']).some(
    (c) => c.startIndex > call.startIndex && c.endIndex <= fn.endIndex && baseText(callArgs(c)[0]) === stream,
  );
}

/**
 * Nothing runs after the statement of `call` in its function except `return`s and closing the
 * descriptor `fd`: it is the last thing the function does (inside an `if`, too; never in a loop,
 * where a failed send would be followed by more).
 */
function nothingAfter(call: SyntaxNode, fd: string): boolean {
  let stmt: SyntaxNode | null = call.parent;
  while (stmt && stmt.type !== 'function_definition') {
    const up: SyntaxNode | null = stmt.parent;
    if (!up) return false;
    if (['for_statement', 'while_statement', 'do_statement', 'for_range_loop'].includes(up.type)) return false;
    if (up.type === 'compound_statement') {
      for (let next = stmt.nextNamedSibling; next; next = next.nextNamedSibling) {
        if (next.type === 'comment') continue;
        // the function ends here whatever follows the block
        if (next.type === 'return_statement') return true;
        const closes = next.type === 'expression_statement' && /^(close|shutdown|closesocket)\s*\(/.test(next.text) && baseText(callArgs(next.namedChild(0) ?? next)[0]) === fd;
        if (!closes) return false;
      }
    }
    stmt = up;
  }
  return stmt !== null;
}
