import type { AgentEvent } from './events.js';

/** How many characters of one event field go into the transcript (the request/reply records hold the full text). */
const EVENT_FIELD_CHARS = 2000;

/**
 * The transcript record of an event: its fields, strings cut at 2 000 characters, named by
 * the agent (the run id is already in the envelope). An action's arguments stay in the
 * handler's own records (`tool_call`, `patch`, …); of its result the record keeps what the
 * model does not read (`forUser`, `data`, `error`) beside `toolPrompt`.
 */
export function eventRecord(event: AgentEvent): { type: string } & Record<string, unknown> {
  const { agent, ...fields } = event;
  let out: Record<string, unknown> = fields;
  if (event.type === 'before_action') {
    const { args: _args, signal: _signal, agent: _agent, ...rest } = event;
    out = rest;
  } else if (event.type === 'after_action') {
    const { result, agent: _agent, signal: _signal, ...rest } = event;
    out = {
      ...rest,
      ...(result.error ? { error: result.error } : {}),
      ...(result.forUser ? { forUser: result.forUser } : {}),
      ...(result.data ? { data: result.data } : {}),
    };
  }
  return capStrings({ ...out, type: event.type, agent: agent.name }) as { type: string } & Record<string, unknown>;
}

function capStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > EVENT_FIELD_CHARS ? `${value.slice(0, EVENT_FIELD_CHARS)}[… ${value.length - EVENT_FIELD_CHARS} more characters]` : value;
  }
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => capStrings(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = capStrings(v, depth + 1);
  return out;
}
