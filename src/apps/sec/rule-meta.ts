import type { FlowStep, RawFinding, Severity } from './finding.js';
import type { SyntaxNode } from '../../lang/index.js';

/** What reports need to describe a rule (SARIF `tool.driver.rules`, Markdown legends). */
export interface RuleMeta {
  id: string;
  name: string;
  category: string;
  cwe: number[];
  severity: Severity;
  help: string;
}

/** A rule constructor for one family of rules: ids get the family's prefix (`rust.`, `c.hygiene.`). */
export function ruleFamily(prefix: string) {
  return (id: string, name: string, category: string, cwe: number[], severity: Severity, help: string): RuleMeta => ({
    id: `${prefix}${id}`,
    name,
    category,
    cwe,
    severity,
    help,
  });
}

/** One line of source text for a finding: whitespace collapsed, capped so reports stay readable. */
export function evidenceText(node: SyntaxNode): string {
  let stmt: SyntaxNode = node;
  // Prefer the whole statement so the evidence reads as code a reviewer recognises.
  while (!STATEMENT.test(stmt.type) && stmt.parent && !BLOCK.test(stmt.parent.type)) stmt = stmt.parent;
  let text = stmt.text;
  if (stmt.endPosition.row - stmt.startPosition.row > 2) {
    // A long statement (an `if` with its body): keep only the lines of the offending node.
    const lines = text.split('\n');
    const from = node.startPosition.row - stmt.startPosition.row;
    text = lines.slice(from, from + 1 + Math.min(2, node.endPosition.row - node.startPosition.row)).join(' ');
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

const STATEMENT = /statement$|^declaration$|^let_declaration$|^field_declaration$|_item$/;
const BLOCK = /^(compound_statement|block|declaration_list|translation_unit|source_file)$/;

export interface Hit {
  node: SyntaxNode;
  confidence: number;
  pattern: string;
  description?: string;
  severity?: Severity;
  trace?: FlowStep[];
}

/** Builds a RawFinding from a rule and the node that triggered it. */
export function findingFor(rule: RuleMeta, suggestion: string, hit: Hit): RawFinding {
  const conf = Math.min(0.95, Math.max(0.05, hit.confidence));
  return {
    rule: rule.id,
    category: rule.category,
    pattern: hit.pattern,
    cwe: rule.cwe,
    line: hit.node.startPosition.row + 1,
    column: hit.node.startPosition.column + 1,
    evidence: evidenceText(hit.node),
    description: hit.description ?? rule.help,
    suggestion,
    confidence: Math.round(conf * 100) / 100,
    severity: hit.severity ?? rule.severity,
    trace: hit.trace ?? [],
  };
}
