import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { organizeMemories } from '../../agent/index.js';
import { createPlatform } from '../../llm/index.js';
import { LONG_TERM_TYPES, MemoryStore, memoryEntrySchema, normaliseTags, type MemoryEntry, type MemoryType } from '../../tools/index.js';
import { JarvisError, describeError, writeFileAtomicSync, colors, formatTable } from '../../util/index.js';
import { loadEffectiveConfig, resolveModel } from '../../util/config/index.js';
import { addLlmGroupOption, configFlagsFrom } from '../llm-options.js';

/** `jarvis memory list|show|export|import|organize` over the project and global scopes (docs/memory.md). */

interface ScopeOpts {
  project?: string;
  type?: string[];
  tag?: string[];
}

const TYPE_ALIASES: Record<string, MemoryType> = {
  project: 'project_long_term',
  project_long_term: 'project_long_term',
  global: 'global_long_term',
  global_long_term: 'global_long_term',
};

function parseTypes(given: readonly string[] | undefined): MemoryType[] {
  if (!given || given.length === 0) return [...LONG_TERM_TYPES];
  return given.map((t) => {
    const type = Object.hasOwn(TYPE_ALIASES, t) ? TYPE_ALIASES[t] : undefined;
    if (type) return type;
    if (t === 'short_term' || t === 'short') {
      throw new JarvisError('usage', 'short_term memories live only inside a running agent', { hint: 'use project or global' });
    }
    throw new JarvisError('usage', `unknown memory type "${t}"`, { hint: 'use project (project_long_term) or global (global_long_term)' });
  });
}

function openStore(o: ScopeOpts, flags: { llmGroup?: unknown } = {}): { store: MemoryStore; config: ReturnType<typeof loadEffectiveConfig>['config'] } {
  const root = resolve(o.project ?? process.cwd());
  if (!existsSync(root)) throw new JarvisError('usage', `project directory ${root} does not exist`);
  const { config } = loadEffectiveConfig({ cwd: root, env: process.env, flags: configFlagsFrom(flags) });
  const store = new MemoryStore({ root, dataDir: config.data_dir, warn: (m) => process.stderr.write(`${colors.yellow('warning:')} ${m}\n`) });
  return { store, config };
}

function selected(store: MemoryStore, o: ScopeOpts): MemoryEntry[] {
  const tags = normaliseTags(o.tag ?? []);
  return store.list(parseTypes(o.type)).filter((e) => tags.every((t) => e.tags.includes(t)));
}

const collect = (v: string, prev: string[] = []) => [...prev, v];
const oneLine = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function scoped(cmd: Command): Command {
  return cmd
    .option('-p, --project <dir>', 'project directory (default: the current directory)')
    .option('-t, --type <type>', 'project or global (repeatable; default both)', collect)
    .option('--tag <tag>', 'only entries carrying this tag (repeatable: all must match)', collect);
}

export function registerMemoryCommand(program: Command): void {
  const memory = program.command('memory').description('saved memories: project (.jarvis/memory) and global (<data dir>/memory)');

  scoped(memory.command('list').description('list memories, newest first'))
    .option('--json', 'print JSON')
    .action((o: ScopeOpts & { json?: boolean }) => {
      const { store } = openStore(o);
      const all = selected(store, o);
      if (o.json) return void process.stdout.write(`${JSON.stringify(all, null, 2)}\n`);
      if (all.length === 0) return void process.stdout.write('no memories\n');
      const rows = all.map((e) => [e.id, e.type.replace('_long_term', ''), e.tags.join(','), oneLine(e.content, 60)]);
      process.stdout.write(`${formatTable([['ID', 'TYPE', 'TAGS', 'CONTENT'], ...rows])}\n`);
    });

  memory
    .command('show <id>')
    .description('print one memory')
    .option('-p, --project <dir>', 'project directory (default: the current directory)')
    .option('--json', 'print JSON')
    .action((id: string, o: ScopeOpts & { json?: boolean }) => {
      const { store } = openStore(o);
      const e = store.get(id, LONG_TERM_TYPES);
      if (!e) throw new JarvisError('not_found', `no memory with id ${id}`, { hint: 'jarvis memory list shows the ids' });
      if (o.json) return void process.stdout.write(`${JSON.stringify(e, null, 2)}\n`);
      const meta = [`id: ${e.id}`, `type: ${e.type}`, `tags: ${e.tags.join(', ')}`, `created: ${e.created_at}`];
      if (e.updated_at) meta.push(`updated: ${e.updated_at}`);
      if (e.merged_from) meta.push(`merged from: ${e.merged_from.join(', ')}`);
      process.stdout.write(`${colors.dim(meta.join('\n'))}\n\n${e.content}\n`);
    });

  scoped(memory.command('export <file>').description('write memories to a JSON file')).action((file: string, o: ScopeOpts) => {
    const { store } = openStore(o);
    const all = selected(store, o);
    writeFileAtomicSync(resolve(file), `${JSON.stringify(all, null, 2)}\n`);
    process.stdout.write(`exported ${all.length} memor${all.length === 1 ? 'y' : 'ies'} to ${file}\n`);
  });

  memory
    .command('import <file>')
    .description('add memories from a JSON file written by export (an existing id is kept unless --overwrite)')
    .option('-p, --project <dir>', 'project directory (default: the current directory)')
    .option('--overwrite', 'replace entries whose id exists')
    .action((file: string, o: ScopeOpts & { overwrite?: boolean }) => {
      const entries = readImport(resolve(file));
      const { store } = openStore(o);
      let written = 0;
      let kept = 0;
      for (const e of entries) {
        if (store.put(e, { overwrite: o.overwrite === true }) === 'written') written++;
        else kept++;
      }
      process.stdout.write(`imported ${written}, kept ${kept} existing (of ${entries.length}) from ${file}\n`);
    });

  addLlmGroupOption(
    scoped(memory.command('organize').description('merge memories that share tags, through the cheap model'))
      .option('--min-overlap <n>', 'tags two entries must share to be merged', '2')
      .option('--dry-run', 'show what would be merged; change nothing'),
  ).action(async (o: ScopeOpts & { minOverlap: string; dryRun?: boolean; llmGroup?: string }) => {
    const minOverlap = Number(o.minOverlap);
    if (!Number.isInteger(minOverlap) || minOverlap < 1) throw new JarvisError('usage', `--min-overlap must be a whole number ≥ 1, not "${o.minOverlap}"`);
    if (o.tag && o.tag.length > 0) throw new JarvisError('usage', 'organize works on whole scopes: drop --tag');
    const { store, config } = openStore(o, o);
    const platform = o.dryRun ? undefined : await createPlatform(resolveModel(config, { role: 'cheap' }), { baseDir: process.cwd(), dataDir: config.data_dir });
    const r = await organizeMemories({
      store,
      types: parseTypes(o.type),
      minOverlap,
      dryRun: o.dryRun === true,
      ...(platform ? { platform } : {}),
      onGroup: (g, out) =>
        process.stdout.write(
          out.into
            ? `merged ${g.entries.map((e) => e.id).join(', ')} into ${out.into}\n`
            : `${colors.yellow('not merged:')} ${g.entries.map((e) => e.id).join(', ')}: ${out.error}\n`,
        ),
    });
    if (o.dryRun) {
      for (const g of r.groups) process.stdout.write(`would merge (${g.type}; shared tags ${g.sharedTags.join(', ')}): ${g.entries.map((e) => e.id).join(', ')}\n`);
      process.stdout.write(`${r.groups.length} group${r.groups.length === 1 ? '' : 's'} to merge; nothing was changed (--dry-run)\n`);
      return;
    }
    process.stdout.write(`${r.merged.length} merged, ${r.failed.length} failed, of ${r.groups.length} group${r.groups.length === 1 ? '' : 's'}\n`);
    if (r.failed.length > 0) process.exitCode = 1;
  });
}

/** The whole file is checked before anything is written: a bad entry imports nothing. */
function readImport(path: string): MemoryEntry[] {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new JarvisError('usage', `cannot read ${path}: ${describeError(e).split('\n')[0]}`, { hint: 'give a JSON file written by jarvis memory export' });
  }
  const parsed = z.array(memoryEntrySchema).safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.length ? `[${issue.path.map(String).join('.')}]` : '';
    throw new JarvisError('usage', `${path}${at}: ${issue?.message ?? 'not a list of memories'}`, { hint: 'give a JSON list written by jarvis memory export' });
  }
  const short = parsed.data.find((e) => e.type === 'short_term');
  if (short) throw new JarvisError('usage', `${path}: entry ${short.id} is short_term, which cannot be stored`);
  return parsed.data;
}
