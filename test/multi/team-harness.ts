import { z } from 'zod';
import { parseTeamDefinition, Team, type TeamOptions } from '../../src/apps/multi/index.js';
import { createScriptedPlatformFromReplies, type ScriptedPlatform, type ScriptedReply } from '../../src/llm/index.js';
import { readRecords, startRun, type TranscriptRecord } from '../../src/runs/index.js';
import { defineTool } from '../../src/tools/index.js';
import { AgentFactory, type AgentRunBinding, type ModelPair } from '../../src/agent/index.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * Team scenarios: a temp project, scripted models (one for the agents' turns, one for the
 * cheap hand-off summaries), a real transcript and a small real tool that logs its runs.
 */

export function scripted(...replies: (string | ScriptedReply)[]): ScriptedPlatform {
  return createScriptedPlatformFromReplies({ replies, contextWindow: 100_000 });
}

export function send(to: string, content: string, close = true): string {
  const body = `to: ${to}\ncontent: |\n${content.split('\n').map((l) => `  ${l}`).join('\n')}\n`;
  return `<SEND_MESSAGE>\n${body}${close ? '</SEND_MESSAGE>' : ''}`;
}

export const echoCall = (text: string) => `<TOOL_CALL>\nwant: the text back\nname: echo\narguments:\n  text: ${JSON.stringify(text)}\n</TOOL_CALL>`;

export interface TeamScenario {
  team: Team;
  root: string;
  toolRuns: string[];
  warnings: string[];
  transcript: () => TranscriptRecord[];
}

export const TWO_AGENTS = `
main_agent: lead
common_system_prompt: COMMON-RULES-FIRST
agents:
  - name: lead
    description: plans and answers the user
    system_prompt: You lead.
  - name: coder
    description: writes and runs code
    system_prompt: You write code.
`;

/** What a scenario may change: who answers, how to stop, the models per group, the callbacks. */
export interface TeamScenarioOptions extends Partial<AgentRunBinding> {
  /** the models of a group (default: `models` for every group) */
  platforms?: (group: string | undefined) => ModelPair;
  onHop?: TeamOptions['onHop'];
  onAgent?: TeamOptions['onAgent'];
}

export function teamScenario(
  yamlText: string,
  models: { normal: ScriptedPlatform; cheap?: ScriptedPlatform },
  options: TeamScenarioOptions = {},
): TeamScenario {
  const root = tempTree({});
  const toolRuns: string[] = [];
  const warnings: string[] = [];
  const { writer } = startRun({ projectDir: root, command: 'test team', argv: [] });
  const echo = defineTool({
    name: 'echo',
    description: 'Returns the text it is given.',
    params: z.object({ text: z.string() }),
    async run(args) {
      toolRuns.push(args.text);
      return { forModel: `<stdout>\n${args.text}\n</stdout>` };
    },
  });
  const { platforms, onHop, onAgent, ...binding } = options;
  const agents = new AgentFactory(
    {
      root,
      models: platforms ?? (() => ({ normal: models.normal, ...(models.cheap ? { cheap: models.cheap } : {}) })),
      tools: () => [echo],
      rulesDataDir: false,
    },
    { transcript: writer, interactive: false, warn: (m) => warnings.push(m), ...binding },
  );
  const team = new Team({ definition: parseTeamDefinition(yamlText, 'team.yaml'), agents, ...(onHop ? { onHop } : {}), ...(onAgent ? { onAgent } : {}) });
  return { team, root, toolRuns, warnings, transcript: () => readRecords(writer.path).records };
}
