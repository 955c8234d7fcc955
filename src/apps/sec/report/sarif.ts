/**
 * SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html), shaped so code
 * scanning services accept it: rules carry CWE tags and help, results carry partialFingerprints
 * from our stable ids, and traces become codeFlows.
 */
import { pathToFileURL } from 'node:url';
import { version } from '../../../util/index.js';
import type { Severity } from '../finding.js';
import { ALL_RULES, ruleFor } from '../rule-catalog.js';
import type { RuleMeta } from '../rule-meta.js';
import type { ScanResult } from '../scan.js';
import { levelOf, tierOf, type ReportedFinding } from './tiers.js';

/** A rule's default level (its results carry their own, from tier and confidence: see tiers.ts). */
const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { high: 'error', medium: 'warning', low: 'note' };
// GitHub ranks security alerts by this 0–10 score (CVSS-like bands).
const SECURITY_SEVERITY: Record<Severity, string> = { high: '8.0', medium: '5.5', low: '3.0' };

/** SARIF rule names are identifiers: 'Stack buffer overflow' → 'StackBufferOverflow'. */
function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');
}

const cweUrl = (c: number) => `https://cwe.mitre.org/data/definitions/${c}.html`;

function sarifRule(r: RuleMeta): Record<string, unknown> {
  const refs = r.cwe.map((c) => `[CWE-${c}](${cweUrl(c)})`).join(', ');
  return {
    id: r.id,
    name: pascalCase(r.name),
    shortDescription: { text: r.name },
    fullDescription: { text: r.help },
    help: { text: `${r.help}${r.cwe.length ? ` See ${r.cwe.map((c) => `CWE-${c}`).join(', ')}.` : ''}`, markdown: `${r.help}${refs ? `\n\nSee ${refs}.` : ''}` },
    ...(r.cwe[0] !== undefined ? { helpUri: cweUrl(r.cwe[0]) } : {}),
    defaultConfiguration: { level: LEVEL[r.severity] },
    properties: {
      tags: ['security', r.category, ...r.cwe.map((c) => `external/cwe/cwe-${c}`)],
      precision: 'medium',
      'security-severity': SECURITY_SEVERITY[r.severity],
    },
  };
}

function location(file: string, line: number, column?: number, snippet?: string): Record<string, unknown> {
  return {
    physicalLocation: {
      artifactLocation: { uri: encodeURI(file), uriBaseId: 'SRCROOT' },
      region: { startLine: line, ...(column ? { startColumn: column } : {}), ...(snippet ? { snippet: { text: snippet } } : {}) },
    },
  };
}

function sarifResult(f: ReportedFinding, ruleIndex: number, isNew: boolean | undefined): Record<string, unknown> {
  return {
    ruleId: f.rule,
    ruleIndex,
    level: levelOf(f),
    message: { text: `${f.description} ${f.suggestion}`.trim() },
    locations: [location(f.file, f.line, f.column, f.evidence)],
    partialFingerprints: { 'jsecFindingId/v1': f.id },
    ...(isNew === undefined ? {} : { baselineState: isNew ? 'new' : 'unchanged' }),
    ...(f.trace.length > 0
      ? {
          codeFlows: [
            { threadFlows: [{ locations: f.trace.map((s) => ({ location: { ...location(f.file, s.line), message: { text: s.note } } })) }] },
          ],
        }
      : {}),
    properties: { tier: tierOf(f), confidence: f.confidence, score: f.score, category: f.category, pattern: f.pattern, severity: f.severity },
  };
}

export function toSarif(r: ScanResult): Record<string, unknown> {
  const rules: RuleMeta[] = [...ALL_RULES];
  const index = new Map(rules.map((x, i) => [x.id, i]));
  for (const f of r.findings) {
    if (!index.has(f.rule)) {
      index.set(f.rule, rules.length);
      rules.push(ruleFor(f));
    }
  }
  const rootUri = pathToFileURL(r.root.endsWith('/') ? r.root : `${r.root}/`).href;
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'jsec', semanticVersion: version, rules: rules.map(sarifRule) } },
        originalUriBaseIds: { SRCROOT: { uri: rootUri } },
        results: r.findings.map((f) => sarifResult(f, index.get(f.rule) ?? 0, r.newIds ? r.newIds.has(f.id) : undefined)),
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: r.skipped.map((k) => ({
              level: 'warning',
              message: { text: `${k.file} not analysed (${k.reason}): ${k.detail}` },
              locations: [{ physicalLocation: { artifactLocation: { uri: encodeURI(k.file), uriBaseId: 'SRCROOT' } } }],
            })),
          },
        ],
      },
    ],
  };
}

export function formatSarif(r: ScanResult): string {
  return `${JSON.stringify(toSarif(r), null, 2)}\n`;
}
