/**
 * What a type allows, judged from its written text and the file's own declarations: may it be
 * all zeroes (`mem::zeroed`), may it hold any bit pattern (`transmute` into it)?
 */
import type { SyntaxNode } from '../../../lang/index.js';
import { bindingAt, calleeName, calleePath, isComment, methodReceiver, unwrapExpr, type FileFacts, type FnInfo } from './syntax.js';

/** `plain`: every bit pattern (or all zeroes) is a valid value; `niche`: some are not (bool, enums, references…). */
export type Validity = 'plain' | 'niche' | 'unknown';

const INTEGER = /^(u8|u16|u32|u64|u128|usize|i8|i16|i32|i64|i128|isize|f32|f64)$/;
const C_TYPES = /^(c_(char|schar|uchar|short|ushort|int|uint|long|ulong|longlong|ulonglong|float|double|void)|size_t|ssize_t|off_t|pid_t|uid_t|gid_t|mode_t|socklen_t|time_t)$/;
/** Types that have no invalid bit patterns whatever their content. */
const PLAIN_WRAPPERS = /^(MaybeUninit|Atomic\w*|PhantomData|Wrapping|Saturating|Cell|UnsafeCell)$/;
/** Types whose values forbid some bit patterns (null, out-of-range tags, dangling pointers). */
const NICHE = /^(bool|char|str|String|Vec|Box|Rc|Arc|NonNull|NonZero\w*|HashMap|HashSet|BTreeMap|BTreeSet|VecDeque|Option|Result|Ordering|Duration|PathBuf|OsString|CString|CStr|File|TcpStream|Mutex|RwLock)$/;

function normalize(t: string): string {
  return t.replace(/'\w+\s*/g, '').replace(/\s+/g, ' ').trim();
}

/** Splits `A, B<C, D>, E` at top-level commas. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if ('<([{'.includes(ch)) depth++;
    if ('>)]}'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** `Vec` and `[u8]` of `Vec<u8>`: the outer name and the generic arguments. */
export function typeParts(t: string): { name: string; args: string[] } {
  const s = normalize(t);
  const m = /^([\w:]+)\s*<(.*)>$/s.exec(s);
  if (m) return { name: (m[1] as string).replace(/^.*::/, ''), args: splitTop(m[2] as string) };
  return { name: s.replace(/^.*::/, ''), args: [] };
}

function merge(a: Validity, b: Validity): Validity {
  if (a === 'niche' || b === 'niche') return 'niche';
  if (a === 'unknown' || b === 'unknown') return 'unknown';
  return 'plain';
}

/**
 * Whether every value of type `t` may hold `zeroes` (all-zero bytes, for mem::zeroed) or any bit
 * pattern (for transmute). Pointers, integers and arrays or structs of them: plain. References,
 * `fn` pointers, Box/Vec/String, NonNull, enums: niche (a zero or arbitrary pattern is undefined
 * behaviour). Types declared elsewhere: unknown, except C types (`libc::…`, `c_int`).
 */
export function validity(t: string, file: FileFacts, zeroes: boolean, depth = 0): Validity {
  if (depth > 5) return 'unknown';
  const s = normalize(t);
  if (!s) return 'unknown';
  if (/^&/.test(s) || /^(unsafe\s+)?(extern\s+("\w+"\s+)?)?fn\s*\(/.test(s) || /^(dyn|impl)\b/.test(s)) return 'niche';
  if (/^\*\s*(const|mut)\b/.test(s)) return 'plain';
  if (s === '()' || s === '!') return s === '()' ? 'plain' : 'niche';
  let m = /^\[(.*);[^;\]]*\]$/s.exec(s);
  if (m) return validity(m[1] as string, file, zeroes, depth + 1);
  if (/^\[.*\]$/s.test(s)) return 'niche';
  m = /^\((.*)\)$/s.exec(s);
  if (m) return splitTop(m[1] as string).map((x) => validity(x, file, zeroes, depth + 1)).reduce(merge, 'plain');
  if (/^libc::/.test(s) || file.cTypes.has(s)) return 'plain';
  const { name, args } = typeParts(s);
  if (INTEGER.test(name) || C_TYPES.test(name)) return 'plain';
  // all-zero bytes are a valid bool (false), char ('\0'), and None of a pointer-like Option
  if (zeroes && (name === 'bool' || name === 'char')) return 'plain';
  if (zeroes && name === 'Option' && args[0] && /^(&|Box\b|NonNull\b|NonZero|fn\b|extern\b|unsafe\s+fn\b)/.test(normalize(args[0]))) return 'plain';
  // MaybeUninit holds any bits whatever T is; Cell/Wrapping are as valid as what they hold
  if (PLAIN_WRAPPERS.test(name)) return name === 'MaybeUninit' || name === 'PhantomData' ? 'plain' : args.map((a) => validity(a, file, zeroes, depth + 1)).reduce(merge, 'plain');
  if (NICHE.test(name)) return 'niche';
  const st = file.structs.get(name);
  if (st) return [...st.fields.values()].map((f) => validity(f, file, zeroes, depth + 1)).reduce(merge, 'plain');
  const en = file.enums.get(name);
  if (en) return zeroes && en.zeroVariant ? 'plain' : 'niche';
  return 'unknown';
}

/** Where the value of `node` goes: the declared type of the `let`, or the function's return type. */
export function destinationType(node: SyntaxNode, fn: FnInfo | undefined): string | undefined {
  let n = node;
  for (;;) {
    const p = n.parent;
    if (!p) return undefined;
    if (p.type === 'parenthesized_expression' || p.type === 'unsafe_block' || (p.type === 'expression_statement' && p.lastChild?.type !== ';')) n = p;
    else if (p.type === 'block') {
      const items = p.namedChildren.filter((c) => !isComment(c));
      if (items[items.length - 1]?.id !== n.id || (n.type === 'expression_statement' && n.lastChild?.type === ';')) return undefined;
      if (p.parent?.type === 'function_item') return resolveSelf(fn?.returnType, fn);
      n = p;
    } else if (p.type === 'let_declaration') return p.childForFieldName('value')?.id === n.id ? resolveSelf(p.childForFieldName('type')?.text, fn) : undefined;
    else if (p.type === 'base_field_initializer') {
      // `S { a: 1, ..mem::zeroed() }`
      const st = p.parent?.parent;
      return st?.type === 'struct_expression' ? resolveSelf(st.childForFieldName('name')?.text, fn) : undefined;
    }
    else if (p.type === 'return_expression') return resolveSelf(fn?.returnType, fn);
    else return undefined;
  }
}

function resolveSelf(t: string | undefined, fn: FnInfo | undefined): string | undefined {
  if (!t) return undefined;
  return fn?.selfType ? t.replace(/\bSelf\b/g, fn.selfType) : t;
}

/** The type of a simple expression: a typed binding, a cast, a literal array, `T::from_…(…)`. */
export function expressionType(e: SyntaxNode, fn: FnInfo | undefined): string | undefined {
  const n = unwrapExpr(e);
  switch (n.type) {
    case 'identifier': {
      const b = bindingAt(n.text, n, fn ?? undefined);
      if (b?.type) return b.type;
      return b?.value ? expressionType(b.value, fn) : undefined;
    }
    case 'type_cast_expression':
      return n.childForFieldName('type')?.text;
    case 'integer_literal':
    case 'float_literal': {
      const m = /(u8|u16|u32|u64|u128|usize|i8|i16|i32|i64|i128|isize|f32|f64)$/.exec(n.text);
      return m?.[1];
    }
    case 'array_expression': {
      const first = n.namedChildren[0];
      const elem = first && expressionType(first, fn);
      if (!elem) return undefined;
      const len = n.childForFieldName('length')?.text ?? String(n.namedChildren.length);
      return `[${elem}; ${len}]`;
    }
    case 'call_expression': {
      const path = calleePath(n);
      const m = /^([\w:]+)::(from_\w+|new|default|with_capacity)$/.exec(path);
      if (m && !methodReceiver(n)) return m[1];
      if (calleeName(n) === 'to_bits' && methodReceiver(n)) {
        const t = expressionType(methodReceiver(n) as SyntaxNode, fn);
        return t === 'f32' ? 'u32' : t === 'f64' ? 'u64' : undefined;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
