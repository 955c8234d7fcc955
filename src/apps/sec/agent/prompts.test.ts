import { describe, expect, it } from 'vitest';
import type { Candidate } from './candidates.js';
import { parseClusters, parseReport } from './answers.js';
import { CLUSTER_ROLE, CLUSTERS_USAGE, clusterTask, REPORT_USAGE, VERIFY_ROLE, verifyTask } from './prompts.js';

const candidate: Candidate = {
  gid: 3,
  signature: 'abc',
  language: 'c',
  category: 'buffer_overflow',
  rule: 'c.buffer.strcpy-overflow',
  pattern: 'strcpy',
  file: 'src/greet.c',
  line: 6,
  evidence: 'strcpy(buf, name);',
  description: 'name may be longer than buf',
  confidence: 0.8,
  severity: 'high',
  tier: 'proven',
};

const block = (text: string, tag: string) => new RegExp(`<${tag}>\\n([\\s\\S]*?)</${tag}>`).exec(text)?.[1] ?? '';

describe('sec agent prompts', () => {
  it('renders what the models see', () => {
    expect([CLUSTER_ROLE, CLUSTERS_USAGE, clusterTask('src/greet.c', [candidate])].join('\n\n')).toMatchSnapshot();
    expect([VERIFY_ROLE, REPORT_USAGE, verifyTask('Is buf bounded?', [candidate])].join('\n\n')).toMatchSnapshot();
  });

  it('shows examples that its own strict readers accept', () => {
    expect(parseClusters(block(CLUSTERS_USAGE, 'CLUSTERS'), [3, 4, 5], String).ok).toBe(true);
    expect(parseReport(block(REPORT_USAGE, 'REPORT'), [3, 4]).ok).toBe(true);
  });
});
