import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { baseText, callArgs, calleeName, enclosingFunction, literalText } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

const RAND = ['rand', 'random', 'drand48', 'lrand48', 'mrand48'];
/** Words (of identifiers and string text) that say the value must be unguessable. */
const SECRET_WORDS = new Set([
  'key', 'keys', 'apikey', 'token', 'tokens', 'salt', 'nonce', 'password', 'passwd', 'passphrase', 'passcode', 'pass', 'pw', 'pwd', 'secret', 'session',
  'sid', 'sessionid', 'cookie', 'otp', 'totp', 'hotp', 'crypt', 'encrypt', 'decrypt', 'crypto', 'auth', 'authenticate', 'iv', 'challenge', 'ticket', 'pin',
  'csrf', 'xsrf', 'captcha', 'uuid', 'guid',
]);
/** words run together (`crypthead`, `sessionkey`, `passwordgen`) */
const SECRET_PREFIX = /^((en|de)?crypt|passw|nonce|session|cookie|apikey|authtoken)/;
/** `…_code` is a secret when it verifies, resets, invites or redeems something. */
const CODE_QUALIFIER = new Set(['verification', 'verify', 'reset', 'activation', 'activate', 'invite', 'invitation', 'confirm', 'confirmation', 'recovery', 'access', 'auth', 'login', 'coupon', 'voucher', 'promo', 'gift', 'unlock', 'one', 'otp', 'mfa', '2fa', 'security']);
/** A game's "secret number" is no secret: guessing it is the point. */
const GAME_WORDS = new Set(['guess', 'guesses', 'game', 'dice', 'die', 'player', 'players', 'score', 'round', 'turn', 'card', 'cards', 'deck', 'board', 'quiz', 'puzzle', 'maze', 'monster', 'enemy', 'level']);

function words(text: string): string[] {
  return [...text.matchAll(/[A-Za-z][A-Za-z0-9_]*/g)].flatMap((m) => {
    const parts = m[0].replace(/([a-z0-9])([A-Z])/g, '$1_$2').split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w.toLowerCase());
    return [...parts, m[0].toLowerCase()];
  });
}

/** Does this text name a value that must be unguessable? */
function namesSecretValue(text: string, context: string): boolean {
  const ws = words(text);
  const hit = ws.some((w, i) => SECRET_WORDS.has(w) || SECRET_PREFIX.test(w) || (w === 'code' && CODE_QUALIFIER.has(ws[i - 1] ?? '')));
  if (!hit) return false;
  // `secret = rand() % 100` in a guessing game
  const only = ws.filter((w) => SECRET_WORDS.has(w));
  if (only.length > 0 && only.every((w) => w === 'secret') && words(context).some((w) => GAME_WORDS.has(w))) return false;
  return true;
}

/** Calls that hand data to a peer, with the index of the data argument (`write` only to a descriptor that is not the console). */
const SENDS: Record<string, number> = { send: 1, sendto: 1, sendmsg: 1, SSL_write: 1, BIO_write: 1, write: 1, gnutls_record_send: 1, mg_printf: 1, mg_send: 1 };
const CONSOLE_FD = /^(0|1|2|STDOUT_FILENO|STDERR_FILENO|fileno\((stdout|stderr)\))$/;
/** Formatting into a buffer: the buffer takes on whatever the arguments carry. */
const FORMATS: Record<string, number> = { sprintf: 0, snprintf: 0, vsprintf: 0, vsnprintf: 0, strcpy: 0, strcat: 0, memcpy: 0, strncpy: 0, strncat: 0 };
/** Text that says the value is a session id, cookie or token in a protocol message. */
const PROTOCOL_TEXT = /set-cookie|session|token|nonce|sid=|csrf|auth|otp|challenge/i;

function rootName(node: SyntaxNode | null | undefined): string | undefined {
  return /^[A-Za-z_]\w*/.exec(baseText(node ?? undefined).replace(/^\*+/, ''))?.[0];
}

/**
 * Names in `fn` that hold rand() output: assigned from an expression that calls rand() or reads a
 * held name, or formatted/copied from one. A small fixpoint in source order is enough for the
 * `buf[i] = set[rand() % n]; … send(s, buf, …)` shape.
 */
function randomNames(fn: SyntaxNode, rands: SyntaxNode[]): Set<string> {
  const held = new Set<string>();
  const carries = (n: SyntaxNode | null | undefined) =>
    !!n && (rands.some((r) => n.startIndex <= r.startIndex && r.endIndex <= n.endIndex) || n.descendantsOfType('identifier').some((id) => held.has(id.text)) || (n.type === 'identifier' && held.has(n.text)));
  const flows = fn.descendantsOfType(['assignment_expression', 'init_declarator', 'call_expression']);
  for (let pass = 0; pass < 3; pass++) {
    const before = held.size;
    for (const n of flows) {
      if (n.type === 'call_expression') {
        const name = calleeName(n);
        const dst = name !== undefined ? FORMATS[name] : undefined;
        if (dst === undefined) continue;
        const args = callArgs(n);
        const target = rootName(args[dst]);
        if (target && args.slice(dst + 1).some(carries)) held.add(target);
        continue;
      }
      const left = n.type === 'init_declarator' ? n.childForFieldName('declarator') : n.childForFieldName('left');
      const target = n.type === 'init_declarator' ? /\w+/.exec(left?.text.replace(/^[*&\s]+/, '') ?? '')?.[0] : rootName(left);
      if (target && carries(n.childForFieldName(n.type === 'init_declarator' ? 'value' : 'right'))) held.add(target);
    }
    if (held.size === before) break;
  }
  return held;
}

/** The first call in `fn` that sends a held value to a peer, or formats it into protocol text. */
function sentTo(fn: SyntaxNode, held: Set<string>, rands: SyntaxNode[], ctx: HygieneContext): { call: SyntaxNode; what: string } | undefined {
  const carries = (n: SyntaxNode | undefined) =>
    !!n && (held.has(rootName(n) ?? '') || rands.some((r) => n.startIndex <= r.startIndex && r.endIndex <= n.endIndex));
  for (const call of callsOf(ctx, [...Object.keys(SENDS), ...Object.keys(FORMATS)])) {
    if (call.startIndex < fn.startIndex || call.endIndex > fn.endIndex) continue;
    const name = calleeName(call) ?? '';
    const args = callArgs(call);
    const data = SENDS[name];
    if (data !== undefined) {
      if (name === 'write' && CONSOLE_FD.test(baseText(args[0]))) continue;
      if (args.slice(data).some(carries)) return { call, what: `sent by ${name}()` };
      continue;
    }
    const fmt = literalText(args[name === 'snprintf' || name === 'vsnprintf' ? 2 : 1]);
    if (fmt !== undefined && PROTOCOL_TEXT.test(fmt) && args.some(carries)) return { call, what: `formatted into "${fmt.slice(0, 40)}"` };
  }
  return undefined;
}

/**
 * A function that returns a rand() value (`static unsigned new_code(void) { return rand() % 1000000; }`)
 * is judged by what its callers do with the result: the first statement of a caller that names
 * the value as a secret (`printf("your login code is %06lu", code)`), or that sends it.
 */
function returnedFor(fn: SyntaxNode, fnName: string, rands: SyntaxNode[], ctx: HygieneContext): SyntaxNode | undefined {
  if (!/^[A-Za-z_]\w*$/.test(fnName)) return undefined;
  const held = randomNames(fn, rands);
  const carries = (n: SyntaxNode) => rands.some((r) => n.startIndex <= r.startIndex && r.endIndex <= n.endIndex) || n.descendantsOfType('identifier').some((id) => held.has(id.text));
  if (!fn.descendantsOfType('return_statement').some(carries)) return undefined;
  for (const site of callsOf(ctx, [fnName])) {
    const caller = enclosingFunction(site);
    if (!caller || caller.id === fn.id) continue;
    const names = randomNames(caller, [site]);
    for (const use of caller.descendantsOfType(['call_expression', 'assignment_expression', 'init_declarator'])) {
      const uses = (use.startIndex <= site.startIndex && site.endIndex <= use.endIndex) || use.descendantsOfType('identifier').some((id) => names.has(id.text));
      if (!uses) continue;
      let stmt: SyntaxNode = use;
      while (stmt.parent && !/statement$|^declaration$/.test(stmt.type)) stmt = stmt.parent;
      if (namesSecretValue(stmt.text, caller.text)) return stmt;
    }
    const sent = sentTo(caller, names, [site], ctx);
    if (sent) return sent.call;
  }
  return undefined;
}

/**
 * rand() is fine for simulations and jitter; it is a flaw where the value must be unguessable.
 * Reported where the statement or function names a key, token, salt, nonce…, or where the value
 * goes to a peer (sent on a socket, put in a cookie or session header).
 */
export function checkRand(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  const calls = callsOf(ctx, RAND);
  const byFn = new Map<number, { fn: SyntaxNode; rands: SyntaxNode[] }>();
  for (const call of calls) {
    const fn = enclosingFunction(call);
    if (!fn) continue;
    const entry = byFn.get(fn.id) ?? { fn, rands: [] };
    entry.rands.push(call);
    byFn.set(fn.id, entry);
  }
  const sentIn = new Map<number, ReturnType<typeof sentTo>>();
  for (const { fn, rands } of byFn.values()) sentIn.set(fn.id, sentTo(fn, randomNames(fn, rands), rands, ctx));
  for (const call of calls) {
    const name = call.childForFieldName('function')?.text ?? 'rand';
    let stmt: SyntaxNode = call;
    while (stmt.parent && !/statement$|^declaration$/.test(stmt.type)) stmt = stmt.parent;
    const fn = enclosingFunction(call);
    const decl = fn?.childForFieldName('declarator');
    const fnName = decl?.childForFieldName('declarator')?.text ?? decl?.text ?? '';
    const sent = fn ? sentIn.get(fn.id) : undefined;
    const usedAs = !sent && fn ? returnedFor(fn, fnName, byFn.get(fn.id)?.rands ?? [], ctx) : undefined;
    if (!namesSecretValue(`${stmt.text} ${fnName}`, fn?.text ?? '') && !sent && !usedAs) continue;
    out.push(findingFor(HYGIENE_RULES.insecureRand, 'Use getrandom()/arc4random_buf() or another CSPRNG for anything an attacker should not predict.', {
      node: call, pattern: name, confidence: 0.75,
      description: sent
        ? `${name}() output is ${sent.what} (line ${sent.call.startPosition.row + 1}): a peer can predict the next value from the ones it sees.`
        : usedAs
          ? `${name}() output is returned by ${fnName}() and used as a secret (line ${usedAs.startPosition.row + 1}); ${HYGIENE_RULES.insecureRand.help}`
          : `${name}() output is used for a security-sensitive value; ${HYGIENE_RULES.insecureRand.help}`,
      trace: sent
        ? [{ line: call.startPosition.row + 1, note: `${name}() value` }, { line: sent.call.startPosition.row + 1, note: sent.what }]
        : usedAs ? [{ line: call.startPosition.row + 1, note: `${name}() value` }, { line: usedAs.startPosition.row + 1, note: `used as a secret` }] : [],
    }));
  }
  return out;
}
