/** The parts of clang's `-ast-dump=json` output the translator reads. */
export interface BareLoc {
  offset?: number;
  file?: string;
  line?: number;
  col?: number;
  tokLen?: number;
  includedFrom?: { file: string };
}

export interface Loc extends BareLoc {
  spellingLoc?: BareLoc;
  expansionLoc?: BareLoc;
  isMacroArgExpansion?: boolean;
}

export interface QualType {
  qualType: string;
  desugaredQualType?: string;
  typeAliasDeclId?: string;
}

export interface DeclRef {
  id: string;
  kind: string;
  name?: string;
  type?: QualType;
}

export interface ClangNode {
  id?: string;
  kind: string;
  loc?: Loc;
  range?: { begin: Loc; end: Loc };
  name?: string;
  type?: QualType;
  inner?: ClangNode[];
  isImplicit?: boolean;
  storageClass?: string;
  valueCategory?: string;
  opcode?: string;
  castKind?: string;
  value?: string;
  referencedDecl?: DeclRef;
  [key: string]: unknown;
}

const LOC_KEYS = new Set(['loc', 'begin', 'end', 'spellingLoc', 'expansionLoc']);

/**
 * clang writes a location's `file` and `line` only when they differ from the location printed
 * just before it, in output order. This walk visits every location in that order and fills both
 * in, so every later reader sees complete locations. Key order of parsed JSON is output order.
 */
export function resolveLocations(root: unknown): void {
  let file = '';
  let line = 0;
  const visitLoc = (l: Loc): void => {
    if (l.spellingLoc || l.expansionLoc) {
      if (l.spellingLoc) visitLoc(l.spellingLoc);
      if (l.expansionLoc) visitLoc(l.expansionLoc);
      return;
    }
    if (l.offset === undefined) return;
    if (l.file !== undefined) file = l.file;
    else l.file = file;
    if (l.line !== undefined) line = l.line;
    else l.line = line;
  };
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    for (const k in o) {
      const x = o[k];
      if (x === null || typeof x !== 'object') continue;
      if (LOC_KEYS.has(k) && !Array.isArray(x)) visitLoc(x as Loc);
      else walk(x);
    }
  };
  walk(root);
}

/** Where a declaration is, as the user sees it: the expansion site for code out of a macro. */
export function expansionOf(l: Loc | undefined): BareLoc | undefined {
  if (!l) return undefined;
  return l.expansionLoc ?? l;
}

export function spellingOf(l: Loc | undefined): BareLoc | undefined {
  if (!l) return undefined;
  return l.spellingLoc ?? l;
}

export function children(n: ClangNode | undefined): ClangNode[] {
  return n?.inner ?? [];
}

/** First child, skipping nothing: most expression nodes keep their operands in `inner`. */
export function child(n: ClangNode, i = 0): ClangNode {
  const c = n.inner?.[i];
  if (!c) throw new Error(`${n.kind} has no operand ${i}`);
  return c;
}

/** clang 14 prints an InitListExpr with an array filler as `array_filler: [filler, ...inits]`. */
export function initListParts(n: ClangNode): { inits: ClangNode[]; filler?: ClangNode } {
  const af = n.array_filler as ClangNode[] | undefined;
  if (af && af.length > 0 && !n.inner) return { filler: af[0], inits: af.slice(1) };
  return { inits: n.inner ?? [], filler: af?.[0] };
}

/** Strips parentheses and implicit casts that change nothing (LValueToRValue, NoOp). */
export function skipParens(n: ClangNode): ClangNode {
  while (n.kind === 'ParenExpr' || n.kind === 'ConstantExpr' || n.kind === 'FullExpr' || n.kind === 'ExprWithCleanups') n = child(n);
  return n;
}
