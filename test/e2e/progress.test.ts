/**
 * Progress from real tools in a real server process: a `tools/call` that carries
 * `_meta.progressToken` gets `notifications/progress` before its result over stdio, and answers
 * as a request-scoped `text/event-stream` over HTTP; explore reports only while its per-index data
 * is cold, export reports its three phases. The project is generated large enough that its
 * node-link export is more than ten times the MCP cap, so the export answer is the truncated form.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { writeNodeLink } from '../../src/graph/index.js';
import { IndexCache } from '../../src/project/index-cache.js';
import { EXPORT_CLI_HINT, EXPORT_MCP_CAP } from '../../src/tools/graph/export.js';
import { COLD_EXPLORE_MESSAGE } from '../../src/tools/explore/explore-tool.js';
import { generatedProject, type FixtureProject } from '../support/fixture-project.js';
import { isRunning, spawnHttpServer, type SpawnedHttpServer } from '../support/http-server.js';
import { LineServer } from '../support/line-server.js';
import { makeTempDir, removeDir } from '../support/project.js';

const TIMEOUT = { timeout: 60_000 };
const FILES = 12;
const SPOKES_PER_FILE = 100;
const EXPORT_PHASES = ['collecting the graph', 'ranking nodes by PageRank', 'writing node-link JSON'];

/** A hub called from FILES files of SPOKES_PER_FILE functions each. */
function spokeFiles(): Record<string, string> {
  const files: Record<string, string> = { 'src/hub.ts': 'export function hub(n: number): number {\n  return n + 1;\n}\n' };
  for (let f = 0; f < FILES; f++) {
    const lines = ["import { hub } from './hub.js';", ''];
    for (let i = 0; i < SPOKES_PER_FILE; i++) lines.push(`export function spoke${f}x${i}(n: number): number {`, '  return hub(n) * 2;', '}', '');
    files[`src/spokes${f}.ts`] = lines.join('\n');
  }
  return files;
}

type Message = Record<string, unknown>;

function toolCall(id: number, name: string, args: Message, token: string): Message {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: { progressToken: token } } };
}

function progressOf(messages: readonly Message[], token: string): { progress: number; total?: number; message?: string }[] {
  return messages
    .filter((m) => m['method'] === 'notifications/progress' && (m['params'] as Message)['progressToken'] === token)
    .map((m) => {
      const { progressToken: _token, ...rest } = m['params'] as Message & { progress: number };
      return rest;
    });
}

function contentOf(reply: Message): { type: string; text: string }[] {
  return (reply['result'] as { content: { type: string; text: string }[] }).content;
}

/** Checks an export answer: valid truncated node-link JSON within the cap, then the hint. */
function assertTruncatedExport(reply: Message, wholeNodes: number, wholeLinks: number): void {
  const content = contentOf(reply);
  assert.equal(content.length, 2);
  assert.ok((content[0]?.text.length ?? 0) <= EXPORT_MCP_CAP);
  const doc = JSON.parse(content[0]?.text ?? '') as { graph: Message; nodes: { id: number }[]; links: { source: number; target: number }[] };
  assert.deepEqual(doc.graph, { truncated: true, nodes_total: wholeNodes, links_total: wholeLinks });
  const ids = new Set(doc.nodes.map((n) => n.id));
  assert.ok(ids.size > 0);
  for (const link of doc.links) assert.ok(ids.has(link.source) && ids.has(link.target));
  assert.ok(content[1]?.text.endsWith(EXPORT_CLI_HINT), content[1]?.text);
}

let project: FixtureProject;
let whole: { nodes: number; links: number; chars: number };

before(async () => {
  project = await generatedProject(spokeFiles());
  const cache = new IndexCache();
  try {
    const index = await cache.get(project.root);
    assert.ok(index);
    let chars = 0;
    const summary = await writeNodeLink(index.store, (chunk) => void (chars += chunk.length));
    whole = { nodes: summary.nodes, links: summary.links, chars };
  } finally {
    cache.close();
  }
  assert.ok(whole.chars >= 10 * EXPORT_MCP_CAP, `the generated graph exports ${whole.chars} characters, less than ten times the cap`);
});

after(() => project.cleanup());

describe('progress over stdio', () => {
  let server: LineServer;
  before(async () => {
    server = new LineServer({ path: project.root });
    await server.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'progress-test', version: '1' } } });
    await server.response(0, 20_000);
    await server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // The project's daemon catches up first (a call meanwhile reports that wait); status, which
    // builds no explore data, waits it out so the explore below meets a current, cold index.
    await server.send({ jsonrpc: '2.0', id: 100, method: 'tools/call', params: { name: 'codegraph_status', arguments: {} } });
    await server.response(100, 60_000);
  });
  after(async () => {
    await server.close();
  });

  const messages = (): Message[] => server.lines.filter((l) => l.isJson).map((l) => l.json as Message);

  const indexOfReply = (id: number): number => messages().findIndex((m) => m['id'] === id && !('method' in m));

  test('the first explore of an index reports progress before its result; a warm one does not', TIMEOUT, async () => {
    await server.send(toolCall(1, 'codegraph_explore', { query: 'hub' }, 'cold'));
    await server.response(1, 30_000);
    assert.deepEqual(progressOf(messages(), 'cold'), [{ progress: 0, total: 1, message: COLD_EXPLORE_MESSAGE }]);
    const first = messages().findIndex((m) => m['method'] === 'notifications/progress');
    assert.ok(first >= 0 && first < indexOfReply(1), 'the notification comes before the result');
    await server.send(toolCall(2, 'codegraph_explore', { query: 'spoke3x7' }, 'warm'));
    await server.response(2, 30_000);
    assert.deepEqual(progressOf(messages(), 'warm'), []);
  });

  test('export reports its three phases before answering the top of the graph', TIMEOUT, async () => {
    await server.send(toolCall(3, 'codegraph_export', {}, 'export'));
    const reply = await server.response(3, 30_000);
    assert.deepEqual(progressOf(messages(), 'export'), EXPORT_PHASES.map((message, progress) => ({ progress, total: 3, message })));
    const lastProgress = messages().findLastIndex((m) => m['method'] === 'notifications/progress');
    assert.ok(lastProgress < indexOfReply(3));
    assertTruncatedExport(reply, whole.nodes, whole.links);
  });
});

describe('progress over HTTP', () => {
  let stateDir: string;
  let server: SpawnedHttpServer;
  before(async () => {
    stateDir = await makeTempDir('codegraph-progress-state-');
    server = await spawnHttpServer(['--path', project.root], { stateDir });
  });
  after(async () => {
    assert.equal(await server.stop(), 0, server.stderr());
    assert.equal(isRunning(server.pid), false);
    await removeDir(stateDir);
  });

  const post = (message: Message): Promise<{ type: string; body: string }> =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(message);
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': Buffer.byteLength(body) };
      const req = request(server.url, { method: 'POST', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ type: String(res.headers['content-type']), body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const events = (body: string): Message[] =>
    body
      .split('\n\n')
      .filter((e) => e !== '')
      .map((e) => {
        assert.match(e, /^event: message\ndata: /);
        return JSON.parse(e.slice(e.indexOf('data: ') + 6)) as Message;
      });

  test('a cold explore with a progressToken answers as an event stream: progress, then the result', TIMEOUT, async () => {
    const answer = await post(toolCall(1, 'codegraph_explore', { query: 'hub' }, 'h-cold'));
    assert.equal(answer.type, 'text/event-stream');
    const stream = events(answer.body);
    assert.deepEqual(stream.map((m) => m['method'] ?? 'reply'), ['notifications/progress', 'reply']);
    assert.deepEqual(progressOf(stream, 'h-cold'), [{ progress: 0, total: 1, message: COLD_EXPLORE_MESSAGE }]);
    const warm = await post(toolCall(2, 'codegraph_explore', { query: 'hub' }, 'h-warm'));
    assert.equal(warm.type, 'application/json');
  });

  test('export with a progressToken streams its three phases, then the truncated node-link answer', TIMEOUT, async () => {
    const answer = await post(toolCall(3, 'codegraph_export', {}, 'h-export'));
    assert.equal(answer.type, 'text/event-stream');
    const stream = events(answer.body);
    assert.deepEqual(progressOf(stream, 'h-export'), EXPORT_PHASES.map((message, progress) => ({ progress, total: 3, message })));
    const reply = stream.at(-1);
    assert.ok(reply !== undefined && reply['id'] === 3);
    assertTruncatedExport(reply, whole.nodes, whole.links);
  });
});
