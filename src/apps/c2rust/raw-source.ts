/**
 * The fallback front end when no C preprocessor is available: the file's own text with
 * conditional compilation resolved with the defines known from the command line and the file
 * itself (unknown names are 0, as in cpp), and the function-like macros it defines. A condition
 * this evaluator cannot decide keeps its first branch, so each definition appears once.
 */
export interface RawSource {
  text: string;
  /** Function-like macros: name → the identifiers called in its body (`NAME(` patterns). */
  macros: Map<string, string[]>;
  /** Macros defined only in branches that were off: name → where, and which conditional turned them off. */
  inactiveDefines: Map<string, InactiveDefine[]>;
  /** Macros defined in a branch that was on (or outside any conditional). */
  activeDefines: Set<string>;
}

/** A conditional group (`#if … #elif … #else … #endif`) as evaluated. */
export interface ConditionalGroup {
  /** 1-based line of the opening directive. */
  line: number;
  /** The opening directive as written, e.g. `#if BZ_UNIX`. */
  directive: string;
  /** Some branch of the group was selected (false: every condition was 0 and there is no #else). */
  selected: boolean;
}

export interface InactiveDefine {
  line: number;
  /** The innermost group whose branch was off while the code around it was on. */
  group: ConditionalGroup;
}

type Tri = number | undefined;

const KEYWORDS = new Set(['if', 'while', 'for', 'switch', 'return', 'sizeof', 'do', 'defined', '_Alignof', 'alignof', 'typeof', '__typeof__', '_Generic']);

export function prepareRaw(source: string, cmdDefines: ReadonlyMap<string, string>): RawSource {
  const lines = source.split('\n');
  const defines = new Map(cmdDefines);
  const macros = new Map<string, string[]>();
  // Each frame: is the enclosing region active, has a branch been taken, is this branch active, was it decided.
  const stack: { parentActive: boolean; taken: boolean; active: boolean; group: ConditionalGroup }[] = [];
  const inactiveDefines = new Map<string, InactiveDefine[]>();
  const activeDefines = new Set<string>();
  const active = () => stack.length === 0 || (stack[stack.length - 1] as { active: boolean }).active;

  for (let i = 0; i < lines.length; i++) {
    let text = lines[i] as string;
    const first = i;
    const m = /^\s*#\s*(\w+)(.*)$/.exec(text);
    if (!m) {
      if (!active()) lines[i] = '';
      continue;
    }
    // Join continuation lines of the directive and blank them.
    while (text.endsWith('\\') && i + 1 < lines.length) {
      text = `${text.slice(0, -1)} ${lines[i + 1] as string}`;
      lines[++i] = '';
    }
    const dm = /^\s*#\s*(\w+)(.*)$/.exec(text) as RegExpExecArray;
    const directive = dm[1] as string;
    const rest = stripComments(dm[2] as string).trim();
    const isConditional = ['if', 'ifdef', 'ifndef', 'elif', 'else', 'endif'].includes(directive);
    if (isConditional) lines[first] = '';
    else if (!active()) {
      lines[first] = '';
      const name = directive === 'define' ? /^([A-Za-z_]\w*)/.exec(rest)?.[1] : undefined;
      const gate = [...stack].reverse().find((f) => f.parentActive && !f.active);
      if (name && gate) inactiveDefines.set(name, [...(inactiveDefines.get(name) ?? []), { line: first + 1, group: gate.group }]);
      continue;
    }
    switch (directive) {
      case 'if':
      case 'ifdef':
      case 'ifndef': {
        const parentActive = active();
        const name = rest.split(/\s+/)[0] ?? '';
        const v: Tri = directive === 'if' ? evaluate(rest, defines) : directive === 'ifdef' ? (defines.has(name) ? 1 : 0) : (defines.has(name) ? 0 : 1);
        // A malformed condition keeps this branch; a later #else/#elif is then skipped.
        const on = v === undefined ? true : v !== 0;
        stack.push({ parentActive, taken: on, active: parentActive && on, group: { line: first + 1, directive: `#${directive} ${rest}`.trim(), selected: on } });
        break;
      }
      case 'elif': {
        const top = stack[stack.length - 1];
        if (!top) break;
        const v = top.taken ? 0 : evaluate(rest, defines);
        const on = v === undefined ? true : v !== 0;
        top.active = top.parentActive && !top.taken && on;
        top.taken ||= on;
        top.group.selected = top.taken;
        break;
      }
      case 'else': {
        const top = stack[stack.length - 1];
        if (!top) break;
        top.active = top.parentActive && !top.taken;
        top.taken = true;
        top.group.selected = true;
        break;
      }
      case 'endif':
        stack.pop();
        break;
      case 'define': {
        const d = /^([A-Za-z_]\w*)(\(([^)]*)\))?\s*(.*)$/.exec(rest);
        if (!d) break;
        defines.set(d[1] as string, d[4] ?? '');
        activeDefines.add(d[1] as string);
        if (d[2] !== undefined) macros.set(d[1] as string, calledNames(d[4] ?? '', (d[3] ?? '').split(',').map((p) => p.trim())));
        break;
      }
      case 'undef':
        defines.delete(rest.split(/\s+/)[0] ?? '');
        break;
      default:
        break;
    }
  }
  return { text: lines.join('\n'), macros, inactiveDefines, activeDefines };
}

function stripComments(s: string): string {
  return s.replace(/\/\*.*?\*\//g, ' ').replace(/\/\/.*$/, '').replace(/\/\*.*$/, '');
}

function calledNames(body: string, params: string[]): string[] {
  const out: string[] = [];
  for (const m of body.replace(/"(?:[^"\\]|\\.)*"/g, '""').matchAll(/\b([A-Za-z_]\w*)\s*\(/g)) {
    const name = m[1] as string;
    if (!KEYWORDS.has(name) && !params.includes(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** Evaluates a #if expression; `undefined` when it depends on a name we do not know. */
export function evaluate(expr: string, defines: ReadonlyMap<string, string>): Tri {
  const tokens = expr.match(/defined|[A-Za-z_]\w*|0[xX][0-9a-fA-F]+|\d+|&&|\|\||==|!=|<=|>=|<<|>>|[-+*/%<>!()?:~&|^]/g) ?? [];
  let pos = 0;
  const peek = () => tokens[pos];
  const next = () => tokens[pos++];

  const primary = (depth: number): Tri => {
    const t = next();
    if (t === undefined) return undefined;
    if (t === '(') {
      const v = ternary(depth + 1);
      if (peek() === ')') next();
      return v;
    }
    if (t === '!') return map1(primary(depth), (a) => (a ? 0 : 1));
    if (t === '-') return map1(primary(depth), (a) => -a);
    if (t === '+') return primary(depth);
    if (t === '~') return map1(primary(depth), (a) => ~a);
    if (t === 'defined') {
      const paren = peek() === '(';
      if (paren) next();
      const name = next() ?? '';
      if (paren && peek() === ')') next();
      return defines.has(name) ? 1 : 0;
    }
    if (/^\d/.test(t)) return Number.parseInt(t.replace(/[uUlL]+$/, ''), t.startsWith('0x') || t.startsWith('0X') ? 16 : 10);
    if (peek() === '(') {
      // A function-like macro in a condition (`__GNUC_PREREQ(4, 2)`): beyond this evaluator.
      for (let open = 0; pos < tokens.length; ) {
        const c = next();
        if (c === '(') open++;
        else if (c === ')' && --open === 0) break;
      }
      return undefined;
    }
    const value = defines.get(t);
    // As in the C preprocessor, a name nobody defined is 0.
    if (value === undefined) return 0;
    if (depth > 20) return undefined;
    const num = /^\s*(\d+)[uUlL]*\s*$/.exec(value);
    return num ? Number(num[1]) : value.trim() === '' ? 0 : evaluate(value, new Map([...defines].filter(([k]) => k !== t)));
  };
  const binary = (ops: string[][], level: number, depth: number): Tri => {
    if (level === ops.length) return primary(depth);
    let left = binary(ops, level + 1, depth);
    while (ops[level]?.includes(peek() ?? '')) {
      const op = next() as string;
      const right = binary(ops, level + 1, depth);
      left = apply(op, left, right);
    }
    return left;
  };
  const LEVELS = [['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '!='], ['<', '>', '<=', '>='], ['<<', '>>'], ['+', '-'], ['*', '/', '%']];
  const ternary = (depth: number): Tri => {
    const c = binary(LEVELS, 0, depth);
    if (peek() !== '?') return c;
    next();
    const a = ternary(depth);
    if (peek() === ':') next();
    const b = ternary(depth);
    return c === undefined ? (a === b ? a : undefined) : c ? a : b;
  };
  try {
    return ternary(0);
  } catch {
    return undefined;
  }
}

function map1(a: Tri, f: (a: number) => number): Tri {
  return a === undefined ? undefined : f(a);
}

function apply(op: string, a: Tri, b: Tri): Tri {
  if (op === '&&') return a === 0 || b === 0 ? 0 : a === undefined || b === undefined ? undefined : 1;
  if (op === '||') return (a !== undefined && a !== 0) || (b !== undefined && b !== 0) ? 1 : a === undefined || b === undefined ? undefined : 0;
  if (a === undefined || b === undefined) return undefined;
  switch (op) {
    case '|': return a | b;
    case '^': return a ^ b;
    case '&': return a & b;
    case '==': return a === b ? 1 : 0;
    case '!=': return a !== b ? 1 : 0;
    case '<': return a < b ? 1 : 0;
    case '>': return a > b ? 1 : 0;
    case '<=': return a <= b ? 1 : 0;
    case '>=': return a >= b ? 1 : 0;
    case '<<': return a << b;
    case '>>': return a >> b;
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/': return b === 0 ? undefined : Math.trunc(a / b);
    case '%': return b === 0 ? undefined : a % b;
    default: return undefined;
  }
}
