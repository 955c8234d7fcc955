import { describeCandidates, type Candidate } from './candidates.js';
import { READ_ONLY_NOTE } from './read-only.js';

/** The sec agents' prompts: roles, answer formats and task texts (our own wording). */

export const CLUSTERS = 'CLUSTERS';
export const REPORT = 'REPORT';

export const CLUSTER_ROLE = [
  'You group candidate security findings of a static scanner so that each group can be verified with one line of reasoning.',
  'Two candidates belong together when the same check settles both: the same buffer and bound, the same pointer and its NULL check, the same allocation and its free, the same unchecked input.',
  'Candidates that only share a rule name but need different checks go into different groups. You do not judge whether a candidate is real; a verifier does that next.',
  'You may read the code with the tools to see which candidates share a condition. Never change any file.',
].join('\n');

export const CLUSTERS_USAGE = [
  `Answer with exactly one <${CLUSTERS}> block holding a YAML list; each item has:`,
  '- `verification`: the condition to check for the whole group, as one precise sentence (what to look at and what would make it safe or unsafe)',
  '- `gids`: the list of global ids in the group',
  'Every gid of the batch appears in exactly one group. Write nothing that matters outside the block. Example:',
  `<${CLUSTERS}>`,
  '- verification: |',
  '    Is the length copied into buf (64 bytes) bounded by a check before each strcpy?',
  '  gids: [3, 4]',
  '- verification: Is the pointer returned by malloc checked for NULL before use?',
  '  gids: [5]',
  `</${CLUSTERS}>`,
].join('\n');

export function clusterTask(file: string, candidates: readonly Candidate[]): string {
  return [
    `Group these ${candidates.length} candidate finding(s) of ${file} by verification condition.`,
    '',
    describeCandidates(candidates),
    '',
    `gids of this batch: ${candidates.map((c) => c.gid).join(', ')}`,
    '',
    `Your <${CLUSTERS}> block is the answer and ends the task: no completion marker is needed.`,
  ].join('\n');
}

export const VERIFY_ROLE = [
  'You verify candidate security findings of a static scanner in C, C++ or Rust code, as a careful security reviewer.',
  'For each candidate decide whether the flaw can really happen: find where the data comes from, which checks guard it, and whether an input or call sequence reaches the flawed statement.',
  'Confirm a risk only when you can name the trigger path (caller → … → the statement) and its preconditions; reject it when a check, a constant bound or unreachable code rules it out, and say which.',
  'Read the code with read_code, list_files and search_files; run read-only scripts with execute_script when a quick experiment helps (compile into /tmp only).',
  'This analysis is read-only: never change, create or delete a file in the repository.',
  READ_ONLY_NOTE,
].join('\n');

export const REPORT_USAGE = [
  `When you have decided every candidate, answer with exactly one <${REPORT}> block holding a YAML list, one item per gid:`,
  '- `gid`: the global id',
  '- `has_risk`: true or false',
  '- when has_risk is true, all four texts: `preconditions` (what must hold), `trigger_path` (how an input or call reaches the flaw, step by step),',
  '  `consequences` (what an attacker or a bad input gets), `suggestions` (how to fix it)',
  '- when has_risk is false: `reason` (the check, bound or fact that rules it out)',
  'Write texts with `|` blocks so colons and quotes are safe. Example:',
  `<${REPORT}>`,
  '- gid: 3',
  '  has_risk: true',
  '  preconditions: |',
  '    name comes from argv[1] with no length limit',
  '  trigger_path: |',
  '    main(argv[1]) -> greet(name) -> strcpy(buf, name) with buf[16]',
  '  consequences: Stack buffer overflow; control of the return address.',
  '  suggestions: Use snprintf(buf, sizeof buf, "%s", name) or check strlen(name) first.',
  '- gid: 4',
  '  has_risk: false',
  '  reason: The copy is guarded by `if (strlen(s) < sizeof buf)` on the line before.',
  `</${REPORT}>`,
].join('\n');

export function verifyTask(verification: string, candidates: readonly Candidate[]): string {
  return [
    `Verify ${candidates.length === 1 ? 'this candidate' : `these ${candidates.length} candidates`}. What to check for all of them:`,
    verification,
    '',
    describeCandidates(candidates),
    '',
    `gids to decide: ${candidates.map((c) => c.gid).join(', ')}`,
    '',
    `Your <${REPORT}> block is the answer and ends the task: no completion marker is needed.`,
  ].join('\n');
}
