import { describe, expect, it } from 'vitest';
import { askSafety } from '../../src/apps/c2rust/optimize/model-safety.js';
import { meteredFactory, UsageMeter } from '../../src/apps/c2rust/pipeline/stage-model.js';
import { createScriptedPlatformFromReplies } from '../../src/llm/index.js';
import { modelAgents } from '../c2rust-optimize/crates.js';

/** `jc2r run`'s optimize stage: its calls/tokens/cost budget stops the model questions, not only counts them. */

const site = (line: number) => ({ file: 'src/lib.rs', line, kind: 'block' as const, code: 'unsafe { *p }', reason: '`p` is dereferenced' });
const SHARP = '<SAFETY>p points to a live i32 the caller owns</SAFETY>';

describe('optimize stage budget', () => {
  it('asks the model until the call budget is spent, then keeps the derived text without a call', async () => {
    const platform = createScriptedPlatformFromReplies({ replies: [SHARP, SHARP, SHARP] });
    const meter = new UsageMeter({ calls: 2 });
    const agents = meteredFactory(modelAgents(platform), meter);
    const answers = [];
    for (const line of [1, 2, 3]) answers.push(await askSafety(agents, site(line)));
    expect(answers.slice(0, 2).map((a) => a.text)).toEqual(['p points to a live i32 the caller owns', 'p points to a live i32 the caller owns']);
    expect(answers[2]).toEqual({ fallback: 'stopped asking the model: model-call budget of 2 used', failed: true });
    expect(platform.calls).toHaveLength(2);
    expect(meter.usage.calls).toBe(2);
  });

  it('a token budget stops it too, and no budget means no limit', async () => {
    // the scripted model's token counts are estimated from the text: any first call spends a budget of 10
    const tokens = createScriptedPlatformFromReplies({ replies: [SHARP, SHARP] });
    const meter = new UsageMeter({ tokens: 10 });
    const agents = meteredFactory(modelAgents(tokens), meter);
    expect((await askSafety(agents, site(1))).text).toBeDefined();
    expect((await askSafety(agents, site(2))).fallback).toMatch(/^stopped asking the model: token budget of 10 used \(\d{2,}\)$/);
    expect(tokens.calls).toHaveLength(1);

    const free = createScriptedPlatformFromReplies({ replies: [SHARP, SHARP, SHARP] });
    const open = meteredFactory(modelAgents(free), new UsageMeter());
    for (const line of [1, 2, 3]) expect((await askSafety(open, site(line))).text).toBeDefined();
    expect(free.calls).toHaveLength(3);
  });
});
