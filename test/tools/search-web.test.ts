import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchWebTool, SEARCH_WEB } from '../../src/tools/builtin/search-web.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import type { ToolContext } from '../../src/tools/tool.js';
import { jarvisConfigSchema, webSearchConfigSchema } from '../../src/util/config/index.js';

// A loopback server that answers like SearXNG (/search?format=json) and the Brave Search API.
interface Seen {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}
const seen: Seen[] = [];
let server: Server;
let base: string;

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const q = url.searchParams.get('q') ?? '';
  if (q === 'hang') return; // never answers
  if (url.pathname.endsWith('/search') && url.pathname.startsWith('/searx')) {
    if (q === 'no json') return json(403, { error: 'forbidden' });
    if (q === 'odd') return json(200, { results: [null, 'x', { title: 'no url' }, { url: 'https://ok.example', title: 'Ok' }] });
    if (q === 'null') return json(200, null);
    if (q === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>not json</html>');
      return;
    }
    return json(200, {
      query: q,
      results: Array.from({ length: 12 }, (_, i) => ({
        title: `Result ${i + 1} &amp; more`,
        url: `https://example.org/${i + 1}`,
        content: `About <b>${q}</b> number ${i + 1}`,
        engine: 'test',
      })),
      answers: [],
    });
  }
  if (url.pathname === '/brave/web/search') {
    if (req.headers['x-subscription-token'] !== 'brave-key') return json(401, { type: 'ErrorResponse' });
    const count = Number(url.searchParams.get('count'));
    return json(200, {
      type: 'search',
      web: {
        type: 'search',
        results: Array.from({ length: count }, (_, i) => ({
          title: `Brave ${i + 1}`,
          url: `https://brave.example/${i + 1}`,
          description: `A <strong>${q}</strong> hit`,
        })),
      },
    });
  }
  json(404, {});
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const ctx: ToolContext = { root: '/tmp', runDir: '/tmp', interactive: false, env: {} };

function tool(config: unknown, env: NodeJS.ProcessEnv = {}) {
  const cfg = config === undefined ? undefined : webSearchConfigSchema.parse(config);
  return new ToolRegistry([createSearchWebTool(cfg, { env })]);
}

describe('search_web with SearXNG', () => {
  it('asks the JSON API and lists title, url and plain-text snippet', async () => {
    seen.length = 0;
    const r = await tool({ provider: 'searxng', url: `${base}/searx`, max_results: 3 }).invoke(SEARCH_WEB, { query: 'strncpy overflow' }, ctx);
    expect(r.error).toBeUndefined();
    expect(seen[0]?.path).toBe('/searx/search');
    expect(seen[0]?.query.get('format')).toBe('json');
    expect(seen[0]?.query.get('q')).toBe('strncpy overflow');
    expect(r.forModel).toBe(
      [
        'Results for "strncpy overflow" (SearXNG):',
        '1. Result 1 & more',
        '   https://example.org/1',
        '   About strncpy overflow number 1',
        '2. Result 2 & more',
        '   https://example.org/2',
        '   About strncpy overflow number 2',
        '3. Result 3 & more',
        '   https://example.org/3',
        '   About strncpy overflow number 3',
      ].join('\n'),
    );
  });

  it('lets the model ask for fewer or more results, up to the list', async () => {
    const r = await tool({ provider: 'searxng', url: `${base}/searx/search` }).invoke(SEARCH_WEB, { query: 'x', max_results: 10 }, ctx);
    expect(r.forModel).toContain('10. Result 10');
    expect(r.forModel).not.toContain('11. ');
  });

  it('explains an instance that refuses the json format', async () => {
    const r = await tool({ provider: 'searxng', url: `${base}/searx` }).invoke(SEARCH_WEB, { query: 'no json' }, ctx);
    expect(r.error?.code).toBe('failed');
    expect(r.forModel).toContain('HTTP 403');
    expect(r.forModel).toContain('search.formats');
  });

  it('says when the answer is not JSON', async () => {
    const r = await tool({ provider: 'searxng', url: `${base}/searx` }).invoke(SEARCH_WEB, { query: 'html' }, ctx);
    expect(r.error?.code).toBe('failed');
    expect(r.forModel).toContain('did not answer with JSON');
  });

  it('keeps the usable results of an odd answer and says when there are none', async () => {
    const t = tool({ provider: 'searxng', url: `${base}/searx` });
    expect((await t.invoke(SEARCH_WEB, { query: 'odd' }, ctx)).forModel).toBe('Results for "odd" (SearXNG):\n1. Ok\n   https://ok.example');
    expect((await t.invoke(SEARCH_WEB, { query: 'null' }, ctx)).forModel).toBe('No results for "null" (SearXNG). Try other words.');
  });

  it('gives up at the configured timeout with a timeout error', async () => {
    const r = await tool({ provider: 'searxng', url: `${base}/searx`, timeout_ms: 300 }).invoke(SEARCH_WEB, { query: 'hang' }, ctx);
    expect(r.error?.code).toBe('timeout');
  });

  it('reports an unreachable instance', async () => {
    const r = await tool({ provider: 'searxng', url: 'http://127.0.0.1:9/' }).invoke(SEARCH_WEB, { query: 'x' }, ctx);
    expect(r.error?.code).toBe('failed');
    expect(r.forModel).toContain('could not be reached');
  });
});

describe('search_web with Brave Search', () => {
  const cfg = () => ({ provider: 'brave', url: `${base}/brave/web/search`, api_key_env: 'TEST_BRAVE_KEY', max_results: 2 });

  it('sends the key from the named variable and lists the results', async () => {
    seen.length = 0;
    const r = await tool(cfg(), { TEST_BRAVE_KEY: 'brave-key' }).invoke(SEARCH_WEB, { query: 'rust unsafe' }, ctx);
    expect(r.error).toBeUndefined();
    expect(seen[0]?.headers['x-subscription-token']).toBe('brave-key');
    expect(seen[0]?.query.get('count')).toBe('2');
    expect(r.forModel).toBe(
      'Results for "rust unsafe" (Brave Search):\n1. Brave 1\n   https://brave.example/1\n   A rust unsafe hit\n2. Brave 2\n   https://brave.example/2\n   A rust unsafe hit',
    );
    expect(r.data?.hits).toHaveLength(2);
  });

  it('names the missing variable and sends nothing', async () => {
    seen.length = 0;
    const r = await tool(cfg(), {}).invoke(SEARCH_WEB, { query: 'q' }, ctx);
    expect(r.error?.code).toBe('failed');
    expect(r.forModel).toContain('TEST_BRAVE_KEY');
    expect(seen).toEqual([]);
  });

  it('reports a refused key', async () => {
    const r = await tool(cfg(), { TEST_BRAVE_KEY: 'wrong' }).invoke(SEARCH_WEB, { query: 'q' }, ctx);
    expect(r.forModel).toContain('HTTP 401: the API key was refused');
  });
});

describe('search_web configuration', () => {
  it('shows the model a stable description and schema', () => {
    expect(tool(undefined).list()).toMatchSnapshot();
  });

  it('tells the model and the user how to configure a provider when none is', async () => {
    const r = await tool(undefined).invoke(SEARCH_WEB, { query: 'anything' }, ctx);
    expect(r.error?.code).toBe('refused');
    expect(r.forModel).toContain('Web search is not configured');
    expect(r.forModel).toContain('web_search: { provider: searxng');
  });

  it('rejects an empty query before searching', async () => {
    const r = await tool({ provider: 'searxng', url: base }).invoke(SEARCH_WEB, { query: '  ' }, ctx);
    expect(r.error?.code).toBe('invalid_arguments');
  });

  it('validates the web_search section of the config', () => {
    const ok = jarvisConfigSchema.parse({ web_search: { provider: 'brave' } });
    expect(ok.web_search).toMatchObject({ provider: 'brave', api_key_env: 'BRAVE_API_KEY', max_results: 8 });
    expect(jarvisConfigSchema.safeParse({ web_search: { provider: 'google' } }).success).toBe(false);
    expect(jarvisConfigSchema.safeParse({ web_search: { provider: 'searxng' } }).success).toBe(false);
    expect(jarvisConfigSchema.safeParse({ web_search: { provider: 'brave', api_key: 'x' } }).success).toBe(false);
  });
});
