import { z } from 'zod';
import { describeError } from '../../util/index.js';
import type { WebSearchConfig } from '../../util/config/index.js';
import { defineTool, toolError, type Tool, type ToolResult } from '../tool.js';

/** The tool name the model writes. */
export const SEARCH_WEB = 'search_web';

/** One search hit as the model reads it. */
export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

export interface SearchWebOptions {
  /** Where the Brave API key is read from (its `api_key_env`); default process.env. */
  env?: NodeJS.ProcessEnv;
}

const SNIPPET_CHARS = 300;

const params = z.strictObject({
  query: z.string().trim().min(1).describe('What to search for, as you would type it into a search engine'),
  max_results: z.number().int().min(1).max(20).optional().describe('How many results to return (default from the config, at most 20)'),
});

const NOT_CONFIGURED = [
  'Web search is not configured, so search_web cannot run; do not call it again in this run.',
  'To enable it, add one provider to ~/.jarvis/config.yaml (or .jarvis/config.yaml):',
  '  web_search: { provider: searxng, url: https://searx.example.org }   # SearXNG with the json format enabled',
  '  web_search: { provider: brave, api_key_env: BRAVE_API_KEY }          # Brave Search API',
].join('\n');

/** Provider text often carries markup (`<strong>`) and entities; the model wants plain text. */
export function plainText(s: string): string {
  return s
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' })[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

function hit(title: unknown, url: unknown, snippet: unknown): SearchHit | undefined {
  if (typeof url !== 'string' || url === '') return undefined;
  const text = plainText(typeof snippet === 'string' ? snippet : '');
  return {
    title: plainText(typeof title === 'string' ? title : '') || url,
    url,
    snippet: text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}…` : text,
  };
}

/** The results as a short numbered list: title, URL, snippet. */
export function formatHits(query: string, hits: readonly SearchHit[], provider: string): string {
  if (hits.length === 0) return `No results for "${query}" (${provider}). Try other words.`;
  const lines = hits.map((h, i) => `${i + 1}. ${h.title}\n   ${h.url}${h.snippet ? `\n   ${h.snippet}` : ''}`);
  return `Results for "${query}" (${provider}):\n${lines.join('\n')}`;
}

class SearchFailure extends Error {}

async function getJson(url: URL, headers: Record<string, string>, signal: AbortSignal, provider: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: 'application/json', ...headers }, signal });
  } catch (e) {
    if (signal.aborted) throw e;
    throw new SearchFailure(`${provider} at ${url.origin} could not be reached: ${describeError(e)}`);
  }
  const body = await res.text();
  if (!res.ok) throw new SearchFailure(`${provider} answered HTTP ${res.status}${statusAdvice(provider, res.status)}`);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new SearchFailure(`${provider} did not answer with JSON (${body.slice(0, 80).replace(/\s+/g, ' ')}…)`);
  }
}

function statusAdvice(provider: string, status: number): string {
  if (provider === 'SearXNG' && status === 403) return ': the instance does not allow the json format (add json to search.formats in its settings.yml)';
  if (status === 401 || status === 403) return ': the API key was refused';
  if (status === 429) return ': rate limited; wait before searching again';
  return '';
}

async function searxng(cfg: Extract<WebSearchConfig, { provider: 'searxng' }>, query: string, n: number, signal: AbortSignal): Promise<SearchHit[]> {
  const url = new URL(cfg.url);
  if (!url.pathname.endsWith('/search')) url.pathname = `${url.pathname.replace(/\/$/, '')}/search`;
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  const data = (await getJson(url, {}, signal, 'SearXNG')) as { results?: { title?: unknown; url?: unknown; content?: unknown }[] } | null;
  const results = Array.isArray(data?.results) ? data.results : [];
  return results.flatMap((r) => (r && typeof r === 'object' ? (hit(r.title, r.url, r.content) ?? []) : [])).slice(0, n);
}

async function brave(
  cfg: Extract<WebSearchConfig, { provider: 'brave' }>,
  query: string,
  n: number,
  signal: AbortSignal,
  env: NodeJS.ProcessEnv,
): Promise<SearchHit[]> {
  const key = env[cfg.api_key_env];
  if (!key) throw new SearchFailure(`the Brave Search API key is missing: set the environment variable ${cfg.api_key_env} (web_search.api_key_env)`);
  const url = new URL(cfg.url);
  url.searchParams.set('q', query);
  url.searchParams.set('count', String(n));
  const data = (await getJson(url, { 'X-Subscription-Token': key }, signal, 'Brave Search')) as {
    web?: { results?: { title?: unknown; url?: unknown; description?: unknown }[] };
  } | null;
  const results = Array.isArray(data?.web?.results) ? data.web.results : [];
  return results.flatMap((r) => (r && typeof r === 'object' ? (hit(r.title, r.url, r.description) ?? []) : [])).slice(0, n);
}

/** `search_web` for the configured provider; with none configured every call says how to configure one. */
export function createSearchWebTool(config: WebSearchConfig | undefined, opts: SearchWebOptions = {}): Tool {
  const env = opts.env ?? process.env;
  return defineTool({
    name: SEARCH_WEB,
    description:
      'Search the web and get a short list of results (title, URL, snippet). Use it for documentation, error messages and facts not in the project; read a page afterwards with a script if you need more than the snippet.',
    params,
    async run(args, ctx): Promise<ToolResult> {
      if (!config) return toolError('refused', NOT_CONFIGURED);
      const n = args.max_results ?? config.max_results;
      const timeout = AbortSignal.timeout(config.timeout_ms);
      const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout;
      const provider = config.provider === 'searxng' ? 'SearXNG' : 'Brave Search';
      try {
        const hits = config.provider === 'searxng' ? await searxng(config, args.query, n, signal) : await brave(config, args.query, n, signal, env);
        return {
          forModel: formatHits(args.query, hits, provider),
          forUser: `${hits.length} web result${hits.length === 1 ? '' : 's'} for "${args.query}"`,
          data: { provider: config.provider, hits },
        };
      } catch (e) {
        if (ctx.signal?.aborted) return toolError('aborted', 'search_web was stopped: the run was interrupted.');
        if (timeout.aborted) return toolError('timeout', `search_web: ${provider} did not answer within ${config.timeout_ms / 1000} s; try again later or do without.`);
        if (e instanceof SearchFailure) return toolError('failed', `search_web: ${e.message}.`);
        throw e;
      }
    },
  });
}
