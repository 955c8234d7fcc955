import { statSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { AgentFactory, openAgentKit, type OpenedAgentKit } from '../../agent/index.js';
import { DEFAULT_CLUSTER_LIMIT, runSecAgent } from '../../apps/sec/index.js';
import { finishRun, startRun } from '../../runs/index.js';
import { isJarvisError, JarvisError, writeFileAtomicSync, colors } from '../../util/index.js';
import { loadEffectiveConfig } from '../../util/config/index.js';
import { acceptDeprecatedShort, positionalPath } from '../flags.js';
import { addConfigFileOption, addLlmGroupOption, configFlagsFrom } from '../llm-options.js';

interface AgentFlags {
  /** set by the command from the argument or -p */
  path: string;
  json?: boolean;
  llmGroup?: string;
  output?: string;
  clusterLimit: string;
  jobs: string;
  resume?: boolean;
}

function positiveInt(value: string, flag: string, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new JarvisError('usage', `${flag} must be an integer from 1 to ${max}, got "${value}"`);
  return n;
}

/** `jsec agent PATH`: scan, then cluster and verify the candidates with a model, then report. */
export function registerSecAgent(program: Command): void {
  // -f but no -G: its agents have a fixed read-only tool set
  const command = addConfigFileOption(
    addLlmGroupOption(
      program
        .command('agent')
        .description('scan, then let a model cluster and verify each candidate (read-only), and report confirmed issues')
        .argument('[path]', 'directory to analyse')
        .addOption(new Option('-p, --path <dir>', 'the older spelling of the path argument').hideHelp()),
    ),
  )
    .option('-o, --output <file>', 'also write the report here (md, json or sarif by extension)')
    .option('--cluster-limit <n>', 'candidates per clustering batch', String(DEFAULT_CLUSTER_LIMIT))
    .option('--jobs <n>', 'agents working at the same time (model calls are I/O-bound)', '1')
    .option('--resume', 'continue the previous run: skip candidates it already decided')
    .option('--json', 'print the report as JSON instead of the summary');
  // -c was --cluster-limit here; in jarvis agent it is the definition file
  acceptDeprecatedShort(command, { short: '-c', option: '--cluster-limit', now: '--cluster-limit', why: '-c means --agent-definition in jarvis agent' });
  command.action((pathArg: string | undefined, flags: AgentFlags) => {
    const path = positionalPath(pathArg, flags.path, '-p');
    if (path === undefined) throw new JarvisError('usage', 'jsec agent needs the directory to analyse', { hint: 'jsec agent PATH' });
    return runAgentCommand({ ...flags, path });
  });
}

/**
 * The kit the cluster and verify agents are built from, rooted in the analysed directory; none
 * when no model is configured (the report then falls back to the scan). Their tools are a
 * fixed read-only set, so no MCP server or tool module is started for them.
 */
async function kitFor(flags: AgentFlags, root: string): Promise<{ opened?: OpenedAgentKit; reason?: string }> {
  const loaded = loadEffectiveConfig({ cwd: process.cwd(), flags: configFlagsFrom(flags) });
  try {
    return { opened: await openAgentKit({ loaded, root, extensions: false, warn: () => undefined }) };
  } catch (e) {
    if (isJarvisError(e) && e.code === 'config_missing_model') return { reason: "no model is configured (add llm_groups to the config: 'jarvis config init')" };
    throw e;
  }
}

/** Runs are kept in the analysed directory (a file's directory), whose guard leaves `.jarvis/` alone. */
function projectDirOf(path: string): string {
  const abs = resolve(path);
  try {
    return statSync(abs).isFile() ? dirname(abs) : abs;
  } catch {
    throw new JarvisError('usage', `path not found: ${path}`);
  }
}

async function runAgentCommand(flags: AgentFlags): Promise<void> {
  const clusterLimit = positiveInt(flags.clusterLimit, '--cluster-limit', 10_000);
  const jobs = positiveInt(flags.jobs, '--jobs', 256);
  if (flags.output !== undefined && !['.md', '.json', '.sarif'].includes(extname(flags.output).toLowerCase())) {
    throw new JarvisError('usage', `-o ${flags.output}: the report format comes from the extension`, { hint: 'use a file name ending in .md, .json or .sarif' });
  }
  const projectDir = projectDirOf(flags.path);
  const { opened, reason } = await kitFor(flags, projectDir);
  const notice = (m: string) => process.stderr.write(colors.dim(`jsec agent: ${m}\n`));
  const started = opened ? startRun({ projectDir, command: 'jsec', argv: process.argv.slice(2), secretEnvNames: opened.kit.secretEnvNames ?? [] }) : undefined;
  const stop = new AbortController();
  const onSigint = () => stop.abort();
  process.once('SIGINT', onSigint);
  let result;
  try {
    const agents = opened ? new AgentFactory(opened.kit, { transcript: started?.writer, interactive: false, signal: stop.signal }) : undefined;
    result = await runSecAgent(flags.path, {
      ...(agents ? { agents } : { noModelReason: reason }),
      clusterLimit,
      jobs,
      resume: flags.resume === true,
      notice,
    });
  } finally {
    process.removeListener('SIGINT', onSigint);
    void opened?.close();
  }
  if (started) finishRun(started.run, { status: stop.signal.aborted ? 'interrupted' : result.failure ? 'failed' : 'ok', ...(result.failure ? { error: result.failure } : {}) });
  if (flags.output) {
    const ext = extname(flags.output).toLowerCase().slice(1) as 'md' | 'json' | 'sarif';
    writeFileAtomicSync(flags.output, result.texts[ext]);
  }
  const r = result.report;
  if (r.mode === 'scan-fallback') process.stderr.write(`${colors.yellow(`jsec agent: report falls back to the scan's findings: ${r.note ?? ''}`)}\n`);
  if (flags.json) process.stdout.write(result.texts.json.endsWith('\n') ? result.texts.json : `${result.texts.json}\n`);
  else process.stdout.write(
    [
      `${colors.bold(`${r.confirmed.length} confirmed`)}, ${r.rejected.length} rejected, ${r.unverified.length} not verified (of ${r.candidates} candidates from the scan)`,
      ...r.confirmed.slice(0, 10).map((f) => `  ${f.severity.padEnd(6)} ${f.file}:${f.line}  ${f.rule}`),
      `report: ${result.reports.md} (.json, .sarif beside it)${flags.output ? `; ${flags.output}` : ''}`,
      `artifacts: ${result.paths.dir}`,
      '',
    ].join('\n'),
  );
  if (stop.signal.aborted) process.exitCode = 130;
  else if (result.failure) process.exitCode = 1;
}
