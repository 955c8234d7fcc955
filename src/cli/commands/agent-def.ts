import type { Command } from 'commander';
import { isTeamFile } from '../../apps/multi/index.js';
import { JarvisError } from '../../util/index.js';
import { loadAgentDefinition } from '../agent-definition.js';
import { runTeamFromFile } from '../team-run.js';
import { addAgentModeOptions, outputFormatOf, runAgentMode, type AgentModeOptions } from './run-task.js';

/** `jarvis agent -c def.yaml [-T task] [-g group]`: runs an agent (or a team) described in a YAML file. */

/** Said once to every defined agent (docs/cli.md, "Agent definitions"): think first, then act. */
const PLAN_FIRST =
  'Before your first action, write a short numbered plan for the task. Then work through it one step at a time, and revise the plan when what you find changes it.';

export function registerAgentDefCommand(program: Command): void {
  const cmd = program
    .command('agent')
    .description('run an agent defined in a YAML file (name, system_prompt, use_tools, llm_group, switches)')
    .requiredOption('-c, --agent-definition <file>', 'the agent definition (docs/cli.md, "Agent definitions")');
  addAgentModeOptions(cmd).action(async () => {
    // the root command defines the same options and commander gives them to it: read both levels
    const o = cmd.optsWithGlobals<AgentModeOptions & { agentDefinition: string }>();
    // a file with main_agent/agents is a MultiAgent team (docs/multi-agent.md)
    if (isTeamFile(o.agentDefinition)) {
      const { task, nonInteractive, llmGroup, toolGroup, config, restoreSession } = o;
      process.exitCode = await runTeamFromFile(o.agentDefinition, { task, nonInteractive, llmGroup, toolGroup, configFile: config, outputFormat: outputFormatOf(o), restoreSession });
      return;
    }
    const def = loadAgentDefinition(o.agentDefinition);
    const systemPrompt = def.plan === false ? def.system_prompt : `${def.system_prompt.trimEnd()}\n\n${PLAN_FIRST}`;
    if (o.task === undefined && def.task !== undefined && def.task.trim() === '') {
      throw new JarvisError('config', `agent definition ${o.agentDefinition}: task: is empty`);
    }
    await runAgentMode(
      { ...o, llmGroup: o.llmGroup ?? def.llm_group },
      {
        command: `jarvis agent ${def.name}`,
        name: def.name,
        description: def.description,
        systemPrompt,
        ...(def.use_tools ? { useTools: def.use_tools, useToolsSource: `agent definition ${o.agentDefinition}: use_tools` } : {}),
        switches: def,
      },
      def.task,
    );
  });
}
