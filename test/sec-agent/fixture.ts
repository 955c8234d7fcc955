import { AgentFactory } from '../../src/agent/index.js';
import type { Platform } from '../../src/llm/index.js';
import { builtinTools } from '../../src/tools/index.js';
import { committedTree } from '../support/git-repo.js';

/**
 * A small C repository whose scan gives five candidates in three files (the insecure-temp-file
 * rule, which is stable): gids 1–2 in a.c, 3–4 in b.c, 5 in c.c.
 */
export const FIXTURE_FILES: Record<string, string> = {
  'src/a.c': '#include <stdio.h>\nvoid a1(void) { char n[32]; tmpnam(n); }\nvoid a2(void) { char m[32]; tmpnam(m); }\n',
  'src/b.c': '#include <stdio.h>\nvoid b1(void) { char n[32]; tmpnam(n); }\nvoid b2(void) { char m[32]; tmpnam(m); }\n',
  'src/c.c': '#include <stdio.h>\nvoid c1(void) { char n[32]; tmpnam(n); }\n',
  // A helper the verifier may run: it writes into the repository behind the policy's back.
  'tools/gen.sh': 'echo "int generated;" > src/generated.c\necho "// touched" >> src/a.c\n',
};

export { git } from '../support/git-repo.js';

/** The fixture as a git repository with one commit. */
export function fixtureRepo(extra: Record<string, string> = {}): string {
  return committedTree({ ...FIXTURE_FILES, ...extra }, 'fixture');
}

export const clusters = (...groups: Array<[string, number[]]>) =>
  `<CLUSTERS>\n${groups.map(([v, g]) => `- verification: ${v}\n  gids: [${g.join(', ')}]`).join('\n')}\n</CLUSTERS>`;

export type Decision = { gid: number; risk: true } | { gid: number; risk: false; reason: string };

export const report = (...ds: Decision[]) =>
  `<REPORT>\n${ds
    .map((d) =>
      d.risk
        ? `- gid: ${d.gid}\n  has_risk: true\n  preconditions: the caller passes a predictable name\n  trigger_path: |\n    main -> f${d.gid}() -> tmpnam() -> open later\n  consequences: symlink race on /tmp\n  suggestions: use mkstemp`
        : `- gid: ${d.gid}\n  has_risk: false\n  reason: ${d.reason}`,
    )
    .join('\n')}\n</REPORT>`;

/** Clustering replies for the three batches: a.c {1,2}, b.c {3},{4}, c.c {5}. */
export const CLUSTER_REPLIES = [
  clusters(['Is the tmpnam name used to create a file in a shared directory?', [1, 2]]),
  clusters(['Is b1 reachable with a shared /tmp?', [3]], ['Is b2 reachable?', [4]]),
  clusters(['Is c1 reachable?', [5]]),
];

/** Verification replies for the four clusters in order: 1 and 3 confirmed, the rest rejected. */
export const VERIFY_REPLIES = [
  report({ gid: 1, risk: true }, { gid: 2, risk: false, reason: 'a2 is never called' }),
  report({ gid: 3, risk: true }),
  report({ gid: 4, risk: false, reason: 'the name is only printed' }),
  report({ gid: 5, risk: false, reason: 'c1 is dead code' }),
];

/** The factory `jsec agent` builds its agents with, over one model and the built-in tools. */
export function secAgents(platform: Platform, o: { signal?: AbortSignal } = {}): AgentFactory {
  return new AgentFactory({ root: process.cwd(), models: () => ({ normal: platform }), tools: () => builtinTools() }, { interactive: false, ...o });
}
