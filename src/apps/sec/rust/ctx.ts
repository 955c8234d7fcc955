import type { SyntaxNode } from '../../../lang/index.js';
import type { Severity } from '../finding.js';
import type { Hit, RuleMeta } from '../rule-meta.js';
import { itemSafetyDoc } from './context.js';
import { enclosingFunction, fileFacts, fnInfo, type FileFacts, type FnInfo } from './syntax.js';

export interface HitOptions {
  description?: string;
  severity?: Severity;
  /** a justification the code carries (checked, literal…) already counted in the confidence: no SAFETY-comment discount on top */
  noSafetyDiscount?: boolean;
}

export interface RustHit extends Hit {
  rule: RuleMeta;
  noSafetyDiscount?: boolean;
}

/** What every rule reads about one file, computed once. */
export class RuleContext {
  readonly facts: FileFacts;
  readonly hits: RustHit[] = [];
  private readonly fns = new Map<number, FnInfo>();
  private readonly codes = new Map<number, string>();

  constructor(readonly root: SyntaxNode) {
    this.facts = fileFacts(root);
  }

  add(rule: RuleMeta, node: SyntaxNode, confidence: number, pattern: string, o: HitOptions = {}): void {
    this.hits.push({ rule, node, confidence, pattern, description: o.description, severity: o.severity, noSafetyDiscount: o.noSafetyDiscount });
  }

  fn(fn: SyntaxNode): FnInfo {
    let i = this.fns.get(fn.id);
    if (!i) this.fns.set(fn.id, (i = fnInfo(fn, itemSafetyDoc)));
    return i;
  }

  /** The function `node` is in, described. */
  fnOf(node: SyntaxNode): FnInfo | undefined {
    const fn = enclosingFunction(node);
    return fn ? this.fn(fn) : undefined;
  }

  /** Comment-free text of a node (cached per node; a slice of the file's for any node). */
  code(node: SyntaxNode): string {
    let c = this.codes.get(node.id);
    if (c === undefined) this.codes.set(node.id, (c = this.facts.code.slice(node.startIndex - this.root.startIndex, node.endIndex - this.root.startIndex)));
    return c;
  }

  /** Comment-free text of `scope` before `at`. */
  before(scope: SyntaxNode, at: SyntaxNode): string {
    return this.code(scope).slice(0, Math.max(0, at.startIndex - scope.startIndex));
  }
}
