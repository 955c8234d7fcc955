/** Rust keywords that C code may use as names; these become raw identifiers (`r#type`). */
const RAW_OK = new Set([
  'as', 'async', 'await', 'box', 'dyn', 'fn', 'impl', 'in', 'let', 'loop', 'match', 'mod', 'move', 'mut', 'pub', 'ref', 'trait', 'type', 'unsafe', 'use', 'where', 'abstract', 'become', 'final', 'macro', 'override', 'priv', 'typeof', 'unsized', 'virtual', 'yield', 'try', 'gen',
  // C keywords cannot appear, but these Rust ones can be C names.
  'const', 'enum', 'extern', 'static', 'struct', 'union', 'return', 'while', 'for', 'if', 'else', 'break', 'continue', 'true', 'false',
]);
/** Keywords that cannot be raw identifiers: renamed with a trailing underscore. */
const NO_RAW = new Set(['self', 'Self', 'super', 'crate', '_']);

/** A C identifier as a Rust identifier: keywords raw (`r#match`), the unrawable ones suffixed. */
export function rustIdent(name: string): string {
  if (NO_RAW.has(name)) return `${name}_`;
  if (RAW_OK.has(name)) return `r#${name}`;
  return name;
}

/** The bare name of an identifier, for collision checks (`r#type` and `type` are one name). */
export const bareName = (ident: string): string => ident.replace(/^r#/, '');

/** Hands out unique names in one namespace: the first taker keeps the C name, later ones get `_1`, `_2`… */
export class NameAllocator {
  private readonly taken = new Map<string, string>();
  private readonly used = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const r of reserved) this.used.add(r);
  }

  /** The name for `key`, allocated from `wanted` the first time this key is seen. */
  name(key: string, wanted: string): string {
    const got = this.taken.get(key);
    if (got !== undefined) return got;
    let n = rustIdent(wanted);
    for (let i = 1; this.used.has(bareName(n)); i++) n = rustIdent(`${wanted}_${i}`);
    this.used.add(bareName(n));
    this.taken.set(key, n);
    return n;
  }

  has(key: string): boolean {
    return this.taken.has(key);
  }

  isUsed(bare: string): boolean {
    return this.used.has(bare);
  }

  reserve(bare: string): void {
    this.used.add(bare);
  }
}
