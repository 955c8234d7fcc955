import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSecAgent } from '../../src/apps/sec/agent/index.js';
import { createScriptedPlatformFromReplies } from '../../src/llm/index.js';
import { readJsonl } from '../../src/util/files.js';
import { secAgents, CLUSTER_REPLIES, clusters, fixtureRepo, git, report, VERIFY_REPLIES } from './fixture.js';

interface Event {
  event: string;
  status?: string;
  [k: string]: unknown;
}

const events = (root: string) => readJsonl<Event>(join(root, '.jarvis/sec/progress.jsonl'));
const lines = (root: string, name: string) => readJsonl<Record<string, unknown>>(join(root, '.jarvis/sec', name));
const gidsOf = (list: Array<{ gid: number }>) => list.map((x) => x.gid);

describe('jsec agent pipeline', () => {
  it('clusters, verifies and reports confirmed issues with trigger paths, and rejected ones in an appendix', async () => {
    const root = fixtureRepo();
    const platform = createScriptedPlatformFromReplies({ replies: [...CLUSTER_REPLIES, ...VERIFY_REPLIES] });
    const r = await runSecAgent(root, { agents: secAgents(platform) });
    expect(platform.remaining()).toBe(0);
    expect(r.report.mode).toBe('verified');
    expect(gidsOf(r.report.confirmed)).toEqual([1, 3]);
    expect(r.report.rejected.map((x) => [x.gid, x.reason])).toEqual([
      [2, 'a2 is never called'],
      [4, 'the name is only printed'],
      [5, 'c1 is dead code'],
    ]);

    const clusterLines = lines(root, 'cluster_report.jsonl');
    expect(clusterLines.map((l) => l.gids)).toEqual([[1, 2], [3], [4], [5]]);
    const issues = lines(root, 'agent_issues.jsonl') as Array<{ gid: number; file: string; verification: { trigger_path: string } }>;
    expect(issues.map((i) => [i.gid, i.file])).toEqual([[1, 'src/a.c'], [3, 'src/b.c']]);
    expect(issues[0]?.verification.trigger_path).toBe('main -> f1() -> tmpnam() -> open later');

    const md = readFileSync(join(root, '.jarvis/sec/report.md'), 'utf8');
    expect(md).toContain('**2 confirmed**, 3 rejected by the model');
    expect(md).toContain('**Trigger path:** main -> f3() -> tmpnam() -> open later');
    expect(md).toMatch(/## Appendix: candidates the model rejected[\s\S]*\| 4 \| src\/b.c:3 \| c.hygiene.insecure-temp-file \| the name is only printed \|/);
    const json = JSON.parse(readFileSync(join(root, '.jarvis/sec/report.json'), 'utf8'));
    expect(json.summary).toMatchObject({ candidates: 5, confirmed: 2, rejected: 3, unverified: 0 });
    const sarif = JSON.parse(readFileSync(join(root, '.jarvis/sec/report.sarif'), 'utf8'));
    const results = sarif.runs[0].results as Array<{ suppressions?: Array<{ justification: string }>; properties: { gid: number } }>;
    expect(results.filter((x) => !x.suppressions).map((x) => x.properties.gid)).toEqual([1, 3]);
    expect(results.find((x) => x.properties.gid === 5)?.suppressions?.[0]?.justification).toBe('c1 is dead code');

    const kinds = events(root).map((e) => e.event);
    for (const k of ['scan', 'batch_selection', 'cluster_status', 'task_status', 'batch_status', 'report']) expect(kinds).toContain(k);
    expect(git(root, 'status', '--porcelain', '--', '.', ':(exclude).jarvis')).toBe('');
  });

  it('retries a malformed <CLUSTERS> twice, then gives the batch one cluster per candidate', async () => {
    const root = fixtureRepo();
    const bad = ['<CLUSTERS>\n- verification: x\n  gids: [1, 9]\n</CLUSTERS>', '<CLUSTERS>\nnot: a list\n</CLUSTERS>', '<CLUSTERS>\n- gids: [1]\n</CLUSTERS>'];
    const platform = createScriptedPlatformFromReplies({
      replies: [
        ...bad,
        CLUSTER_REPLIES[1] as string,
        CLUSTER_REPLIES[2] as string,
        report({ gid: 1, risk: true }),
        report({ gid: 2, risk: false, reason: 'unused' }),
        ...VERIFY_REPLIES.slice(1),
      ],
    });
    const r = await runSecAgent(root, { agents: secAgents(platform) });
    expect(platform.remaining()).toBe(0);
    expect(platform.calls[1]?.messages.at(-1)?.content).toContain('gid 9 is not in this batch');
    const first = lines(root, 'cluster_report.jsonl').filter((l) => l.batch_index === 0);
    expect(first.map((l) => [l.gids, l.source])).toEqual([[[1], 'fallback'], [[2], 'fallback']]);
    const batch0 = events(root).filter((e) => e.event === 'cluster_status' && e.batch_index === 0).map((e) => e.status);
    expect(batch0).toEqual(['running', 'invalid', 'invalid', 'invalid', 'fallback']);
    expect(gidsOf(r.report.confirmed)).toEqual([1, 3]);
  });

  it('retries a malformed <REPORT> twice, then keeps its candidates as not verified', async () => {
    const root = fixtureRepo();
    const platform = createScriptedPlatformFromReplies({
      replies: [
        ...CLUSTER_REPLIES,
        '<REPORT>\n- gid: 1\n  has_risk: true\n</REPORT>',
        '<REPORT>\n- gid: 1\n  has_risk: false\n  reason: ok\n</REPORT>',
        '<REPORT>\n- gid: 1\n  has_risk: maybe\n</REPORT>',
        ...VERIFY_REPLIES.slice(1),
      ],
    });
    const r = await runSecAgent(root, { agents: secAgents(platform) });
    expect(platform.calls[4]?.messages.at(-1)?.content).toContain('gid 1 has has_risk: true but no preconditions');
    expect(platform.calls[5]?.messages.at(-1)?.content).toContain('no verdict for gid 2');
    expect(gidsOf(r.report.unverified)).toEqual([1, 2]);
    expect(r.report.unverified[0]?.reason).toMatch(/no usable verdict: .*true or false/);
    const task = events(root).filter((e) => e.event === 'task_status' && (e.status === 'invalid' || e.status === 'unverified'));
    expect(task.map((e) => e.status)).toEqual(['invalid', 'invalid', 'invalid', 'unverified']);
    expect(readFileSync(join(root, '.jarvis/sec/report.md'), 'utf8')).toMatch(/## Not verified[\s\S]*\| 1 \| medium \| src\/a.c:2 /);
    expect(gidsOf(r.report.confirmed)).toEqual([3]);
  });

  it('refuses a writing command and restores a file changed through an allowed tool, logging the restore', async () => {
    const root = fixtureRepo();
    const call = (script: string) => `<TOOL_CALL>\nwant: check\nname: execute_script\narguments:\n  script_content: ${JSON.stringify(script)}\n</TOOL_CALL>`;
    const platform = createScriptedPlatformFromReplies({
      replies: [...CLUSTER_REPLIES, call('echo pwned > src/a.c'), call('sh tools/gen.sh && cat src/generated.c'), ...VERIFY_REPLIES],
    });
    const r = await runSecAgent(root, { agents: secAgents(platform) });
    expect(platform.calls[4]?.messages.at(-1)?.content).toMatch(/Refused by the read-only policy: the script line 1 redirects output into a file/);
    expect(platform.calls[5]?.messages.at(-1)?.content).toContain('int generated;');
    expect(events(root).filter((e) => e.event === 'tool_refused')).toHaveLength(1);
    const restore = events(root).filter((e) => e.event === 'workspace_restore');
    expect(restore).toEqual([expect.objectContaining({ method: 'git', restored: ['src/a.c'], removed: ['src/generated.c'] })]);
    expect(existsSync(join(root, 'src/generated.c'))).toBe(false);
    expect(git(root, 'status', '--porcelain', '--', '.', ':(exclude).jarvis')).toBe('');
    expect(gidsOf(r.report.confirmed)).toEqual([1, 3]);
  });

  it('without a model, reports the scan findings and says why', async () => {
    const root = fixtureRepo();
    const r = await runSecAgent(root, { noModelReason: 'no model is configured' });
    expect(r.report.mode).toBe('scan-fallback');
    expect(gidsOf(r.report.unverified)).toEqual([1, 2, 3, 4, 5]);
    const md = readFileSync(r.reports.md, 'utf8');
    expect(md).toContain("> **Fallback to the scan's findings:** no model is configured");
    expect(md).toContain('## Scan findings (not verified by a model)');
    expect(existsSync(join(root, '.jarvis/sec/cluster_report.jsonl'))).toBe(false);
  });

  it('falls back when the model fails mid-way, and --resume finishes to the same report without duplicates', async () => {
    const reference = fixtureRepo();
    const full = await runSecAgent(reference, { agents: secAgents(createScriptedPlatformFromReplies({ replies: [...CLUSTER_REPLIES, ...VERIFY_REPLIES] })) });

    const root = fixtureRepo();
    // The script runs dry after the second verification: the model is gone.
    const first = await runSecAgent(root, { agents: secAgents(createScriptedPlatformFromReplies({ replies: [...CLUSTER_REPLIES, ...VERIFY_REPLIES.slice(0, 2)] })) });
    expect(first.failure).toMatch(/no reply #6/);
    expect(first.report.mode).toBe('scan-fallback');
    expect(gidsOf(first.report.confirmed)).toEqual([1, 3]);
    expect(gidsOf(first.report.unverified)).toEqual([4, 5]);
    expect(readFileSync(first.reports.md, 'utf8')).toMatch(/the agent stage failed .*--resume/);

    const second = await runSecAgent(root, { resume: true, agents: secAgents(createScriptedPlatformFromReplies({ replies: VERIFY_REPLIES.slice(2) })) });
    expect(second.failure).toBeUndefined();
    const norm = (t: string, dir: string) => t.split(dir).join('<root>');
    expect(norm(second.texts.md, root)).toBe(norm(full.texts.md, reference));
    expect(norm(second.texts.json, root)).toBe(norm(full.texts.json, reference));
    for (const name of ['cluster_report.jsonl', 'agent_issues.jsonl']) {
      expect(readFileSync(join(root, '.jarvis/sec', name), 'utf8')).toBe(readFileSync(join(reference, '.jarvis/sec', name), 'utf8'));
    }
  }, 60_000);

  it('resumes over torn last lines and a kill between the commit line and agent_issues.jsonl', async () => {
    const root = fixtureRepo();
    const full = await runSecAgent(root, { agents: secAgents(createScriptedPlatformFromReplies({ replies: [...CLUSTER_REPLIES, ...VERIFY_REPLIES] })) });
    const issues = join(root, '.jarvis/sec/agent_issues.jsonl');
    const complete = readFileSync(issues, 'utf8');
    writeFileSync(issues, `${complete.split('\n')[0]}\n{"gid":3,"fi`);
    appendFileSync(join(root, '.jarvis/sec/progress.jsonl'), '{"event":"task_st');
    appendFileSync(join(root, '.jarvis/sec/cluster_report.jsonl'), '{"batch":"x');
    const platform = createScriptedPlatformFromReplies({ replies: [] });
    const again = await runSecAgent(root, { resume: true, agents: secAgents(platform) });
    expect(platform.calls).toHaveLength(0);
    expect(readFileSync(issues, 'utf8')).toBe(complete);
    expect(again.texts.md).toBe(full.texts.md);
    expect(lines(root, 'cluster_report.jsonl')).toHaveLength(4);
  });

  it('a fresh run after a finished one starts over instead of appending', async () => {
    const root = fixtureRepo();
    await runSecAgent(root, { agents: secAgents(createScriptedPlatformFromReplies({ replies: [...CLUSTER_REPLIES, ...VERIFY_REPLIES] })) });
    await runSecAgent(root, { agents: secAgents(createScriptedPlatformFromReplies({ replies: [...CLUSTER_REPLIES, ...VERIFY_REPLIES] })) });
    expect(lines(root, 'agent_issues.jsonl')).toHaveLength(2);
    expect(lines(root, 'cluster_report.jsonl')).toHaveLength(4);
  });

  it('gives a left-out gid a cluster of its own', async () => {
    const root = fixtureRepo();
    const platform = createScriptedPlatformFromReplies({
      replies: [clusters(['only gid 2', [2]]), ...CLUSTER_REPLIES.slice(1), report({ gid: 2, risk: false, reason: 'r' }), report({ gid: 1, risk: true }), ...VERIFY_REPLIES.slice(1)],
    });
    await runSecAgent(root, { agents: secAgents(platform) });
    const first = lines(root, 'cluster_report.jsonl').filter((l) => l.batch_index === 0);
    expect(first.map((l) => [l.gids, l.source])).toEqual([[[2], 'completed'], [[1], 'completed']]);
  });
});

describe('jsec agent --resume over a damaged artifact', () => {
  it('says in one line that it cannot resume and how to start over', async () => {
    const root = fixtureRepo();
    await runSecAgent(root, { noModelReason: 'none' });
    writeFileSync(join(root, '.jarvis/sec/progress.jsonl'), '{"event":"scan"}\nnot json\n{"event":"report"}\n');
    await expect(runSecAgent(root, { resume: true, agents: secAgents(createScriptedPlatformFromReplies({ replies: [] })) })).rejects.toMatchObject({
      code: 'io',
      message: expect.stringMatching(/^cannot resume: .*progress.jsonl:2: not valid JSON/),
      hint: 'run without --resume to start over',
    });
  });
});
