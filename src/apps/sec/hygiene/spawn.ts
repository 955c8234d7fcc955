import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { calleeName, isAncestor } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

const LOOPS = new Set(['while_statement', 'for_statement', 'do_statement']);
/** what hands a server one more client or request per pass of its loop */
const ACCEPTS = new Set(['accept', 'accept4']);
const REQUESTS = new Set([...ACCEPTS, 'recvfrom', 'recvmsg', 'recv', 'fgets', 'getline', 'scanf', 'fscanf']);
/** waiting for a free slot (a semaphore counting workers, a condition on the number running) */
const WAITS = new Set(['sem_wait', 'sem_timedwait', 'sem_trywait', 'pthread_cond_wait', 'pthread_cond_timedwait', 'cnd_wait', 'cnd_timedwait', 'wait', 'waitpid', 'wait3', 'wait4']);
const RELATIONAL = new Set(['<', '<=', '>', '>=']);
const SMALL = /^\s*\(?\s*-?\s*[01]\s*\)?\s*$/;
const LIMIT_NAME = /^[A-Z][A-Z0-9_]*$|max|limit|cap/i;

function loopOf(node: SyntaxNode, fn: SyntaxNode): SyntaxNode | undefined {
  for (let p = node.parent; p && p.id !== fn.id; p = p.parent) if (LOOPS.has(p.type)) return p;
  return undefined;
}

/** a comparison that can stand for a limit: not `fd < 0`, `n > 0`, `pid == -1` */
function limitTest(e: SyntaxNode): boolean {
  const op = e.childForFieldName('operator')?.text ?? '';
  const l = e.childForFieldName('left');
  const r = e.childForFieldName('right');
  if (!l || !r) return false;
  if (RELATIONAL.has(op)) return !SMALL.test(l.text) && !SMALL.test(r.text);
  if (op === '==' || op === '!=') return [l, r].some((s) => (s.type === 'identifier' || s.type === 'field_expression') && LIMIT_NAME.test(s.type === 'identifier' ? s.text : (s.childForFieldName('field')?.text ?? '')));
  return false;
}

/**
 * Does the loop (or a function of the file it calls) cap how many clients run at once? A limit
 * test, a wait for a slot, or a loop that counts its passes (`for (i = 0; i < n; i++)`, a pool).
 */
function limited(loop: SyntaxNode, fns: Map<string, SyntaxNode>, seen = new Set<number>()): boolean {
  if (seen.has(loop.id)) return false;
  seen.add(loop.id);
  for (const e of loop.descendantsOfType('binary_expression')) if (limitTest(e)) return true;
  for (const c of loop.descendantsOfType('call_expression')) {
    const name = calleeName(c);
    if (!name) continue;
    if (WAITS.has(name)) return true;
    const body = fns.get(name);
    if (body && !isAncestor(body, loop) && limited(body, fns, seen)) return true;
  }
  return false;
}

/**
 * CWE-770: a server loop that starts a thread (or a process) for every client it accepts or every
 * request it reads, with nothing limiting how many run at once: a flood of connections exhausts
 * threads, memory or processes. `fork` counts only per accepted connection (a shell forks per
 * command and waits).
 */
export function checkUnboundedSpawn(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  const spawns = callsOf(ctx, ['pthread_create', 'thrd_create', 'fork']);
  if (spawns.length === 0) return out;
  const fns = new Map<string, SyntaxNode>();
  for (const f of ctx.root.descendantsOfType('function_definition')) {
    let d = f.childForFieldName('declarator');
    while (d && d.type !== 'identifier') d = d.childForFieldName('declarator');
    const body = f.childForFieldName('body');
    if (d && body) fns.set(d.text, body);
  }
  for (const call of spawns) {
    let fn: SyntaxNode | null = call.parent;
    while (fn && fn.type !== 'function_definition') fn = fn.parent;
    if (!fn) continue;
    const loop = loopOf(call, fn);
    if (!loop) continue;
    const name = calleeName(call) ?? 'pthread_create';
    const sources = name === 'fork' ? ACCEPTS : REQUESTS;
    const request = loop.descendantsOfType('call_expression').find((c) => sources.has(calleeName(c) ?? ''));
    if (!request || request.startIndex > call.startIndex) continue;
    if (limited(loop, fns)) continue;
    out.push(findingFor(HYGIENE_RULES.unboundedSpawn, 'Count the running workers and refuse (or wait) at a limit, or hand requests to a fixed pool of threads.', {
      node: call,
      pattern: name,
      confidence: 0.6,
      description: `${name}() runs once per ${ACCEPTS.has(calleeName(request) ?? '') ? 'accepted connection' : 'request read'} (${calleeName(request)} at line ${request.startPosition.row + 1}) and nothing limits how many run at once: ${HYGIENE_RULES.unboundedSpawn.help}`,
    }));
  }
  return out;
}
