import { describe, expect, it } from 'vitest';
import { parsePlanReply } from './plan-reply.js';

describe('parsePlanReply', () => {
  it.each([
    ['<PLAN>\n- a\n- b\n</PLAN>', ['a', 'b']],
    ['Here is my plan:\n<PLAN>\n```yaml\n- a\n- b\n```\n</PLAN>', ['a', 'b']],
    ['<PLAN>\n- task: build it\n- description: test it\n- title: ship\n  description: tag and push\n</PLAN>', ['build it', 'test it', 'ship: tag and push']],
    ['<PLAN>\n- Build: run make\n- "two"\n', ['Build: run make', 'two']],
    ['<plan>\n- a\n- ""\n- b\n</plan>', ['a', 'b']],
  ])('reads the sub-tasks of %j', (text, tasks) => {
    expect(parsePlanReply(text)).toEqual({ kind: 'plan', tasks });
  });

  it.each(['<DONT_NEED/>', 'No plan needed. <DONT_NEED />', '<DONT_NEED>'])('reads %j as no plan needed', (text) => {
    expect(parsePlanReply(text)).toEqual({ kind: 'dont_need' });
  });

  it.each([
    ['just do it', 'neither <PLAN> nor <DONT_NEED/>'],
    ['<PLAN></PLAN>', 'empty'],
    ['<PLAN>\nstep: one\n</PLAN>', 'not a YAML list'],
    ['<PLAN>\n- [nested, list]\n</PLAN>', 'not a task'],
    ['<PLAN>\n- a\n  - b: [\n</PLAN>', 'not YAML'],
  ])('rejects %j', (text, reason) => {
    const r = parsePlanReply(text);
    expect(r.kind).toBe('invalid');
    expect(r.kind === 'invalid' && r.reason).toContain(reason);
  });
});
