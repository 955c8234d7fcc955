import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { baseText, callArgs, calleeName, enclosingFunction, resultDiscarded } from './c-ast.js';
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
};

/** pthread calls whose error is easy to miss; trylock's result is the whole point of calling it. */
const PTHREAD_CALLS: Record<string, number> = {
  pthread_mutex_trylock: 0.85,
  pthread_create: 0.6,
  pthread_join: 0.45,
  pthread_mutex_init: 0.45,
  pthread_cond_init: 0.45,
  pthread_attr_init: 0.4,
};

const STREAM_CALLS = new Set(['fread', 'fwrite', 'fgets']);

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
    out.push(findingFor(HYGIENE_RULES.uncheckedIo, `Check the result of ${name}() and handle failure${name.startsWith('f') ? ' (or test ferror() on the stream afterwards)' : ''}.`, {
      node: call,
      pattern: name,
      confidence: spec.confidence,
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
      confidence: PTHREAD_CALLS[name] ?? 0.4,
      severity: name === 'pthread_mutex_trylock' ? 'medium' : undefined,
      description: `The return value of ${name}() is ignored. ${HYGIENE_RULES.uncheckedPthread.help}`,
    }));
  }
  return out;
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
