import type { Runtime } from './runtime.js';

/**
 * Tool filtering (docs/agent.md): with more tools than the threshold, the cheap model picks the ones the
 * task needs before the first turn, so the prompt stays short. Nothing picked, or a failure,
 * keeps every tool: filtering may save tokens but must never cost the task a tool.
 */
export async function filterTools(rt: Runtime): Promise<void> {
  const { tools, settings } = rt.p;
  const names = tools.names();
  const threshold = settings.toolFilterThreshold;
  const task = rt.task;
  if (names.length <= threshold || task.trim() === '') return;
  await rt.emit('before_tool_filter', { task, totalTools: names.length, threshold });
  const specs = tools.list();
  const listing = specs.map((s, i) => `${i + 1}. ${s.name}: ${s.description.split('\n')[0]}`).join('\n');
  let selected: string[] = [];
  try {
    const r = await rt.chat(rt.p.cheapPlatform, [
      { role: 'system', content: 'You choose which tools an agent needs for a task.' },
      {
        role: 'user',
        content: `${listing}\n\n<task>\n${task}\n</task>\n\nWhich of the numbered tools could the task need? Reply with only their numbers, comma-separated.`,
      },
    ]);
    const picked = new Set<number>();
    for (const m of (r.text ?? '').matchAll(/\d+/g)) {
      const n = Number(m[0]);
      if (n >= 1 && n <= specs.length) picked.add(n);
    }
    selected = [...picked].sort((a, b) => a - b).map((n) => (specs[n - 1] as { name: string }).name);
  } catch (e) {
    if (rt.p.stop.aborted) throw e;
    rt.p.warn(`tool filtering failed, keeping all ${names.length} tools: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (selected.length > 0) {
    tools.use(selected);
    rt.p.session.setSystemPrompt(rt.p.buildSystemPrompt());
  }
  rt.record({ type: 'tool_filter', total: names.length, selected });
  await rt.emit('tool_filtered', { task, selectedTools: selected, totalTools: names.length, threshold });
}
