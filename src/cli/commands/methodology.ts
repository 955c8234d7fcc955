import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { findMethodology, listMethodologies, shareMethodologies, syncMethodologies, type MethodologyPlaces, type MethodologyScope, type ShareReport } from '../../agent/index.js';
import { JarvisError, colors, formatTable } from '../../util/index.js';
import { loadEffectiveConfig } from '../../util/config/index.js';

/** `jarvis methodology list|show|share|sync` (docs/methodology.md). */

export const METHODOLOGY_REPO_ENV = 'JARVIS_METHODOLOGY_REPO';

interface PlaceOpts {
  project?: string;
}

function places(o: PlaceOpts): MethodologyPlaces {
  const root = resolve(o.project ?? process.cwd());
  if (!existsSync(root)) throw new JarvisError('usage', `project directory ${root} does not exist`);
  const { config } = loadEffectiveConfig({ cwd: root, env: process.env });
  return { root, dataDir: config.data_dir };
}

function repoOf(o: { repo?: string }): string {
  const repo = o.repo?.trim() || process.env[METHODOLOGY_REPO_ENV]?.trim();
  if (!repo) {
    throw new JarvisError('usage', 'no methodology repository given', {
      hint: `pass --repo <git URL or path>, or set ${METHODOLOGY_REPO_ENV}`,
    });
  }
  // a local path is taken from where the command runs, like git does
  return /^[\w+.-]+:\/\//.test(repo) || /^[^/\\]+@[^/\\]+:/.test(repo) ? repo : resolve(repo);
}

function printReport(r: ShareReport, verb: string): void {
  const line = (label: string, names: string[]) => (names.length ? `${label}: ${names.join(', ')}\n` : '');
  const changed = r.added.length + r.updated.length;
  process.stdout.write(
    `${verb} ${changed} methodolog${changed === 1 ? 'y' : 'ies'}` +
      `${r.unchanged.length ? ` (${r.unchanged.length} unchanged)` : ''}\n` +
      line('added', r.added) +
      line('updated', r.updated),
  );
  if (r.conflicts.length) {
    process.stderr.write(`${colors.yellow('kept local versions that differ:')} ${r.conflicts.join(', ')} (use --overwrite to replace them)\n`);
  }
}

const projectOption = (cmd: Command) => cmd.option('-p, --project <dir>', 'project directory (default: the current directory)');
const repoOption = (cmd: Command) => cmd.option('--repo <git-url-or-path>', `the shared git repository (env ${METHODOLOGY_REPO_ENV})`);

export function registerMethodologyCommand(program: Command): void {
  const m = program
    .command('methodology')
    .description('saved methodologies: project (.jarvis/methodologies) and global (<data dir>/methodologies), shared through git');

  projectOption(m.command('list').description('list methodologies (a project one hides a global one of the same name)'))
    .option('--json', 'print JSON')
    .action((o: PlaceOpts & { json?: boolean }) => {
      const all = listMethodologies(places(o));
      if (o.json) return void process.stdout.write(`${JSON.stringify(all, null, 2)}\n`);
      if (all.length === 0) return void process.stdout.write('no methodologies\n');
      process.stdout.write(`${formatTable([['NAME', 'SCOPE', 'PROBLEM TYPE'], ...all.map((x) => [x.name, x.scope, x.problemType])])}\n`);
    });

  projectOption(m.command('show <name>').description('print one methodology (by name or problem type)'))
    .option('--json', 'print JSON (the list fields and the text)')
    .action((name: string, o: PlaceOpts & { json?: boolean }) => {
      const found = findMethodology(places(o), name);
      if (!found) throw new JarvisError('not_found', `no methodology named "${name}"`, { hint: 'jarvis methodology list shows the names' });
      const text = readFileSync(found.path, 'utf8');
      if (o.json) return void process.stdout.write(`${JSON.stringify({ ...found, text }, null, 2)}\n`);
      process.stderr.write(colors.dim(`${found.scope}: ${found.path}\n`));
      process.stdout.write(text);
    });

  repoOption(projectOption(m.command('share [names...]').description('commit and push methodologies (default: all) to the shared repository'))).action(
    async (names: string[], o: PlaceOpts & { repo?: string }) => {
      printReport(await shareMethodologies({ places: places(o), repo: repoOf(o) }, names), 'shared');
    },
  );

  repoOption(projectOption(m.command('sync').description('copy the shared repository\'s methodologies into a local scope')))
    .addOption(new Option('--scope <scope>', 'where they go').choices(['global', 'project']).default('global'))
    .option('--overwrite', 'replace local methodologies that differ from the shared ones')
    .action(async (o: PlaceOpts & { repo?: string; scope: MethodologyScope; overwrite?: boolean }) => {
      printReport(await syncMethodologies({ places: places(o), repo: repoOf(o) }, { scope: o.scope, overwrite: o.overwrite === true }), 'synced');
    });
}
