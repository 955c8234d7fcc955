import type { CType, IntKind } from './ctype.js';

/** How the parser turns names into declarations; each translation unit has its own. */
export interface TypeLookup {
  typedef(name: string): CType | undefined;
  tag(tag: 'struct' | 'union' | 'enum', name: string): CType | undefined;
  /** A record or enum clang prints as `(unnamed struct at FILE:LINE:COL)`. */
  anonymous(tag: 'struct' | 'union' | 'enum' | undefined, loc: string): CType | undefined;
}

export class TypeParseError extends Error {}

const ANON = /(?:[A-Za-z_][\w]*::)*\((unnamed|anonymous)(?: (struct|union|enum))? at ([^)]*)\)/g;
const QUALS = new Set(['const', 'volatile', 'restrict', '__restrict', '__restrict__', '_Nonnull', '_Nullable', '__unaligned']);
const BASE_WORDS = new Set(['signed', 'unsigned', 'short', 'long', 'int', 'char', 'float', 'double', 'void', '_Bool', 'bool', '__int128', '_Complex']);

interface Tok {
  t: string;
  anon?: { tag?: 'struct' | 'union' | 'enum'; loc: string };
}

/**
 * Parses clang's printed types: `const char *(*)[3]`, `int (*)(int, ...)`,
 * `struct (unnamed struct at a.c:3:9) *`, `__attribute__((__vector_size__(2 * sizeof(long long)))) long long`.
 */
export function parseCType(text: string, lookup: TypeLookup): CType {
  return new Parser(tokenize(text), lookup, text).parseFull();
}

function tokenize(text: string): Tok[] {
  const out: Tok[] = [];
  const anons: Tok[] = [];
  const src = text.replace(ANON, (_m, _u: string, tag: string | undefined, loc: string) => {
    anons.push({ t: '@anon', anon: { tag: tag as 'struct' | 'union' | 'enum' | undefined, loc } });
    return ` @${anons.length - 1} `;
  });
  const re = /\s*(?:(@\d+)|(\.\.\.)|([A-Za-z_]\w*)|(\d+[A-Za-z]*)|(::|[*()[\],]|[^\s]))/y;
  let m: RegExpExecArray | null;
  re.lastIndex = 0;
  while (re.lastIndex < src.length && (m = re.exec(src))) {
    if (m[1]) out.push(anons[Number(m[1].slice(1))] as Tok);
    else out.push({ t: m[2] ?? m[3] ?? m[4] ?? m[5] ?? '' });
    if (/^\s*$/.test(src.slice(re.lastIndex))) break;
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(
    private readonly toks: Tok[],
    private readonly lookup: TypeLookup,
    private readonly text: string,
  ) {}

  private peek(o = 0): string | undefined {
    return this.toks[this.i + o]?.t;
  }
  private next(): Tok {
    const t = this.toks[this.i++];
    if (!t) throw new TypeParseError(`unexpected end of type \`${this.text}\``);
    return t;
  }
  private expect(s: string): void {
    const t = this.next();
    if (t.t !== s) throw new TypeParseError(`expected \`${s}\` in type \`${this.text}\`, got \`${t.t}\``);
  }

  parseFull(): CType {
    const t = this.parseTypeName();
    if (this.i < this.toks.length) throw new TypeParseError(`trailing \`${this.peek()}\` in type \`${this.text}\``);
    return t;
  }

  private parseTypeName(): CType {
    const start = this.i;
    const p = this.peek();
    if (p === 'typeof' || p === '__typeof__' || p === '__typeof' || p === '_Atomic' || p === '__auto_type') throw new TypeParseError(`\`${p}\` in type \`${this.text}\``);
    const base = this.parseSpecifiers();
    const t = this.declarator()(base.type, base.isConst);
    // Every type consumes something; anything else is text this parser does not know.
    if (this.i === start) throw new TypeParseError(`cannot read type \`${this.text}\` at \`${this.peek() ?? ''}\``);
    return t;
  }

  /** `__attribute__((…))`: returns the vector size in bytes when it is `__vector_size__`. */
  private skipAttribute(): { vectorCount?: number } {
    this.expect('__attribute__');
    const start = this.i;
    let depth = 0;
    do {
      const t = this.next().t;
      if (t === '(') depth++;
      else if (t === ')') depth--;
    } while (depth > 0);
    const body = this.toks.slice(start, this.i).map((t) => t.t);
    if (body.includes('__vector_size__')) {
      const k = body.indexOf('__vector_size__');
      const n = Number(body[k + 2]);
      return { vectorCount: body[k + 3] === '*' ? n : -n };
    }
    return {};
  }

  private parseSpecifiers(): { type: CType; isConst: boolean } {
    const words: string[] = [];
    let isConst = false;
    let named: CType | undefined;
    let vector: number | undefined;
    for (;;) {
      const p = this.peek();
      if (p === undefined) break;
      if (QUALS.has(p)) {
        if (p === 'const') isConst = true;
        this.i++;
      } else if (p === '__attribute__') {
        const a = this.skipAttribute();
        if (a.vectorCount !== undefined) vector = a.vectorCount;
      } else if (BASE_WORDS.has(p) && !(p === 'bool' && words.length === 0 && !named && this.lookup.typedef('bool'))) {
        words.push(p);
        this.i++;
      } else if ((p === 'struct' || p === 'union' || p === 'enum') && !named) {
        this.i++;
        const n = this.next();
        named = n.anon ? this.lookup.anonymous(n.anon.tag ?? p, n.anon.loc) : this.lookup.tag(p, n.t);
        if (!named) named = { k: 'unknown', text: `${p} ${n.anon ? n.anon.loc : n.t}` };
      } else if (p === '@anon' && !named) {
        const n = this.next();
        named = this.lookup.anonymous(n.anon?.tag, n.anon?.loc ?? '') ?? { k: 'unknown', text: n.anon?.loc ?? '' };
      } else if (/^[A-Za-z_]/.test(p) && !named && words.length === 0 && p !== '__attribute__') {
        this.i++;
        named = this.lookup.typedef(p) ?? builtinTypedef(p) ?? { k: 'unknown', text: p };
      } else break;
    }
    let type: CType = named ?? baseType(words, this.text);
    if (vector !== undefined) {
      const elem = type;
      type = { k: 'vector', of: elem, bytes: vector < 0 ? -vector : vector * elemBytes(elem) };
    }
    return { type, isConst };
  }

  /** Returns a function applying the declarator to a base type (inside-out, as C reads). */
  private declarator(): (t: CType, isConst: boolean) => CType {
    if (this.peek() === '*') {
      this.i++;
      while (this.peek() !== undefined && QUALS.has(this.peek() as string)) this.i++;
      const rest = this.declarator();
      return (t, c) => rest({ k: 'ptr', to: t, constTo: c }, false);
    }
    return this.direct();
  }

  private isGrouping(): boolean {
    if (this.peek() !== '(') return false;
    const n = this.peek(1);
    return n === '*' || n === '(' || n === '[' || n === '^';
  }

  private direct(): (t: CType, isConst: boolean) => CType {
    let inner: ((t: CType, c: boolean) => CType) | undefined;
    if (this.isGrouping()) {
      this.i++;
      inner = this.declarator();
      this.expect(')');
    }
    const suffixes: ((t: CType) => CType)[] = [];
    for (;;) {
      const p = this.peek();
      if (p === '[') {
        this.i++;
        const parts: string[] = [];
        while (this.peek() !== ']') parts.push(this.next().t);
        this.i++;
        const txt = parts.join(' ');
        const n = /^\d+$/.test(txt) ? Number(txt) : undefined;
        suffixes.push((t) => (txt === '' ? { k: 'array', of: t, size: undefined } : n !== undefined ? { k: 'array', of: t, size: n } : { k: 'array', of: t, size: undefined, vla: txt }));
      } else if (p === '(') {
        this.i++;
        const params: CType[] = [];
        let variadic = false;
        let noProto = false;
        if (this.peek() === ')') noProto = true;
        while (this.peek() !== ')') {
          if (this.peek() === '...') {
            this.i++;
            variadic = true;
          } else params.push(this.parseTypeName());
          if (this.peek() === ',') this.i++;
        }
        this.i++;
        while (this.peek() === '__attribute__') this.skipAttribute();
        const ps = params.length === 1 && params[0]?.k === 'void' ? [] : params;
        suffixes.push((t) => ({ k: 'fn', ret: t, params: ps, variadic, noProto }));
      } else if (p === '__attribute__') {
        this.skipAttribute();
      } else break;
    }
    return (t, c) => {
      let r = t;
      for (let k = suffixes.length - 1; k >= 0; k--) r = (suffixes[k] as (t: CType) => CType)(r);
      return inner ? inner(r, suffixes.length > 0 ? false : c) : r;
    };
  }
}

function baseType(words: string[], text: string): CType {
  const has = (w: string) => words.includes(w);
  const longs = words.filter((w) => w === 'long').length;
  if (has('_Complex')) {
    const rest = words.filter((w) => w !== '_Complex');
    return { k: 'complex', of: baseType(rest.length ? rest : ['double'], text) };
  }
  if (has('void')) return { k: 'void' };
  if (has('_Bool') || has('bool')) return { k: 'int', kind: 'bool' };
  if (has('float')) return { k: 'float', kind: 'float' };
  if (has('double')) return { k: 'float', kind: longs > 0 ? 'ldouble' : 'double' };
  const u = has('unsigned');
  let kind: IntKind;
  if (has('char')) kind = u ? 'uchar' : has('signed') ? 'schar' : 'char';
  else if (has('short')) kind = u ? 'ushort' : 'short';
  else if (has('__int128')) kind = u ? 'uint128' : 'int128';
  else if (longs >= 2) kind = u ? 'ullong' : 'llong';
  else if (longs === 1) kind = u ? 'ulong' : 'long';
  else if (has('int') || has('signed') || u) kind = u ? 'uint' : 'int';
  else return { k: 'unknown', text };
  return { k: 'int', kind };
}

function builtinTypedef(name: string): CType | undefined {
  if (name === '__int128_t') return { k: 'int', kind: 'int128' };
  if (name === '__uint128_t') return { k: 'int', kind: 'uint128' };
  return undefined;
}

function elemBytes(t: CType): number {
  const c = t.k === 'typedef' ? t.target : t;
  if (c.k === 'int') return { bool: 1, char: 1, schar: 1, uchar: 1, short: 2, ushort: 2, int: 4, uint: 4, long: 8, ulong: 8, llong: 8, ullong: 8, int128: 16, uint128: 16 }[c.kind];
  if (c.k === 'float') return c.kind === 'float' ? 4 : 8;
  return 1;
}
