import { isMap, isScalar, parseDocument } from 'yaml';
import { blocksNamed, hasBlocks, refusal, type HandlerContext, type OutputHandler, type ParsedReply, type Prepared } from '../../agent/index.js';

/**
 * `<SEND_MESSAGE>` (docs/multi-agent.md): how one agent of a team hands work to another. The
 * body is strict YAML with exactly `to` and `content`. Every mistake goes back to the model as
 * guidance (what was wrong, the agents it may write to, the format); only a valid message ends
 * the sender's `run()`, with `{to, content}` as the payload the team routes.
 */

export const SEND_MESSAGE = 'SEND_MESSAGE';

export interface TeamMessage {
  to: string;
  content: string;
}

export interface Teammate {
  name: string;
  description: string;
}

export interface SendMessageOptions {
  /** the agent this handler belongs to: it may not write to itself */
  self: string;
  /** every agent of the team, the sender included */
  agents: readonly Teammate[];
}

const FORMAT = `<SEND_MESSAGE>
to: AgentName
content: |
  # Subject
  Background: what the receiver needs to know.
  Request: what you want done, and the expected result.
  Resources: files, functions, commands, findings.
</SEND_MESSAGE>`;

export type ParsedMessage = { ok: true; message: TeamMessage } | { ok: false; reason: string };

function listAgents(o: SendMessageOptions): string {
  const others = o.agents.filter((a) => a.name !== o.self);
  if (others.length === 0) return 'There is no other agent in this team.';
  return `Agents you can write to:\n${others.map((a) => `- ${a.name}${a.description ? `: ${a.description}` : ''}`).join('\n')}`;
}

export function sendMessageUsage(o: SendMessageOptions): string {
  return [
    'SEND_MESSAGE hands work (or a result) to another agent of your team. Write exactly one block per reply, then stop: your turn ends and the receiver continues.',
    FORMAT,
    '- `to` (the agent name, exactly as listed) and `content` (a non-empty string) are required; nothing else is allowed.',
    '- The body is YAML: write `content` as a `|` block indented by two spaces, so colons, quotes and `#` in the text are safe.',
    '- The receiver sees only what you send (and a short summary of your work): include the background, the request, the resources and the expected result.',
    '- Do not take another action in the same reply.',
    listAgents(o),
  ].join('\n');
}

/** Names the usual causes of a YAML failure; the parser's first line says where it broke. */
function yamlGuidance(detail: string): string {
  return [
    `the body is not valid YAML (${detail})`,
    'Usual causes: `content` not written as a `|` block, so a colon, quote or `#` in the text breaks it;',
    'the lines of the `|` block not indented by the same number of spaces (two);',
    'a missing space after `to:` or `content:`; unbalanced quotes around a value',
  ].join('\n');
}

/** Reads a SEND_MESSAGE body: newlines normalised, then strict YAML with `to` and `content` only. */
export function parseSendMessageBody(rawBody: string, o: SendMessageOptions): ParsedMessage {
  const body = rawBody.replace(/\r\n?/g, '\n');
  if (body.trim() === '') return { ok: false, reason: 'the block is empty: it needs `to` and `content`' };
  const doc = parseDocument(body, { uniqueKeys: true, prettyErrors: false, strict: true });
  const err = doc.errors[0];
  if (err) return { ok: false, reason: yamlGuidance((err.message.split('\n')[0] ?? '').trim()) };
  if (!isMap(doc.contents)) return { ok: false, reason: 'the body must be a YAML mapping with the keys `to` and `content`' };
  const keys = doc.contents.items.map((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)));
  const extra = keys.filter((k) => k !== 'to' && k !== 'content');
  if (extra.length > 0) {
    return { ok: false, reason: `unknown field${extra.length > 1 ? 's' : ''} ${extra.join(', ')}: only \`to\` and \`content\` are allowed (put everything else inside content)` };
  }
  let value: Record<string, unknown>;
  try {
    value = doc.toJS({ maxAliasCount: 50 }) as Record<string, unknown>;
  } catch (e) {
    return { ok: false, reason: yamlGuidance(e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e)) };
  }
  const missing = ['to', 'content'].filter((k) => value[k] === undefined || value[k] === null);
  if (missing.length > 0) return { ok: false, reason: `missing field${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}` };
  for (const k of ['to', 'content'] as const) {
    const v = value[k];
    if (typeof v !== 'string') {
      const kind = Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : `a ${typeof v}`;
      const fix = k === 'content' ? 'write it as a `|` block of text' : 'write the agent name as plain text';
      return { ok: false, reason: `\`${k}\` must be a string, not ${kind}: ${fix}` };
    }
    if (v.trim() === '') return { ok: false, reason: `\`${k}\` is empty` };
  }
  const to = (value.to as string).trim();
  const names = o.agents.map((a) => a.name);
  if (!names.includes(to)) {
    const near = names.find((n) => n.toLowerCase() === to.toLowerCase());
    return { ok: false, reason: `there is no agent named ${JSON.stringify(to)} (names are case-sensitive${near ? `; did you mean ${JSON.stringify(near)}?` : ''})` };
  }
  if (to === o.self) return { ok: false, reason: `you are ${o.self}: send the message to another agent, or carry on yourself` };
  return { ok: true, message: { to, content: (value.content as string).trimEnd() } };
}

/** One handler per agent: the usage it shows lists the agents that agent may write to. */
export function createSendMessageHandler(o: SendMessageOptions): OutputHandler {
  const tags = [{ name: SEND_MESSAGE }];
  return {
    name: SEND_MESSAGE,
    tags,
    canHandle: (reply) => hasBlocks(reply, tags),
    usage: () => sendMessageUsage(o),
    prepare(reply: ParsedReply, ctx: HandlerContext): Prepared {
      const refuse = (reason: string): Prepared => {
        ctx.record({ type: 'send_message_rejected', agent: o.self, reason: reason.split('\n')[0] });
        return refusal(`Your <SEND_MESSAGE> was not sent: ${reason}.\n\n${sendMessageUsage(o)}`);
      };
      const { complete, unclosed } = blocksNamed(reply, SEND_MESSAGE);
      const count = complete.length + unclosed.length;
      if (count > 1) {
        return refuse(`the reply holds ${count} <SEND_MESSAGE> blocks; send one message per reply (merge them, or send the next one in a later turn)`);
      }
      // a block cut before its closing tag is read as if the tag were there
      const block = complete[0] ?? unclosed[0];
      if (!block) return refuse('no <SEND_MESSAGE> block was found');
      const parsed = parseSendMessageBody(block.body, o);
      if (!parsed.ok) {
        const cut = complete.length === 0 ? ' (the block also lacks its closing </SEND_MESSAGE>)' : '';
        return refuse(`${parsed.reason}${cut}`);
      }
      const repaired = complete.length === 0;
      const message = parsed.message;
      return {
        invocation: {
          handler: SEND_MESSAGE,
          kind: 'message',
          name: SEND_MESSAGE,
          args: message,
          reads: [],
          writes: [],
          description: `a message to ${message.to}: ${firstLineOf(message.content)}`,
          async execute(x) {
            x.record({ type: 'send_message', from: o.self, to: message.to, chars: message.content.length, repaired });
            return {
              forModel: `Your message to ${message.to} was delivered.${repaired ? ' (Its closing </SEND_MESSAGE> was missing; always close the block.)' : ''}`,
              forUser: `message to ${message.to}`,
              end: { payload: message },
            };
          },
        },
      };
    },
  };
}

function firstLineOf(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** The payload of a finished run, when it is a message to route. */
export function asTeamMessage(payload: unknown): TeamMessage | undefined {
  if (payload === null || typeof payload !== 'object') return undefined;
  const p = payload as Record<string, unknown>;
  return typeof p.to === 'string' && typeof p.content === 'string' ? { to: p.to, content: p.content } : undefined;
}
