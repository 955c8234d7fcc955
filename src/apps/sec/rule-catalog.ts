import { C_RULES } from './c/rules.js';
import type { Finding } from './finding.js';
import { HYGIENE_RULE_LIST } from './hygiene/rules.js';
import type { RuleMeta } from './rule-meta.js';
import { RUST_RULE_LIST } from './rust/rules.js';

/** Every rule `jsec scan` can report: the C data-flow engine's, the C/C++ hygiene rules and the Rust rules. */
export const ALL_RULES: readonly RuleMeta[] = [...C_RULES, ...HYGIENE_RULE_LIST, ...RUST_RULE_LIST];

const byId = new Map(ALL_RULES.map((r) => [r.id, r]));

/** The rule's metadata, or one derived from the finding when a checker used an id not in the catalog. */
export function ruleFor(f: Pick<Finding, 'rule' | 'category' | 'cwe' | 'severity' | 'description' | 'pattern'>): RuleMeta {
  return byId.get(f.rule) ?? { id: f.rule, name: f.pattern || f.rule, category: f.category, cwe: f.cwe, severity: f.severity, help: f.description };
}
