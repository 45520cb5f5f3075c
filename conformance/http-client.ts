import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_PATH, type StartOptions } from './line-client.js';

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/**
 * The contract client over streamable HTTP: starts `serve --http` on a free loopback port and
 * POSTs one message per request, with the headers a conforming client sends (the negotiated
 * revision after `initialize`; `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` repeated from
 * a modern body), so the contract is checked against the bytes the HTTP server really answers.
 */
export class HttpClient {
  private readonly child: ChildProcess;
  private readonly ready: Promise<string>;
  private readonly exited: Promise<number | null>;
  private readonly stateDir = mkdtempSync(join(tmpdir(), 'codegraph-contract-state-'));
  private negotiated: string | undefined;
  private nextId = 1;
  /** Everything written to stderr. */
  stderr = '';
  /** HTTP statuses of the answers so far, in order. */
  readonly statuses: number[] = [];

  constructor(options: StartOptions = {}) {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('CODEGRAPH_')) env[k] = v;
    this.child = spawn(process.execPath, [CLI_PATH, 'serve', '--http', '--http-addr', '127.0.0.1:0', ...(options.args ?? [])], {
      cwd: options.cwd ?? process.cwd(),
      env: { ...env, ...(options.env ?? {}), CODEGRAPH_STATE_DIR: this.stateDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    this.ready = new Promise((resolve, reject) => {
      this.child.stderr?.setEncoding('utf8');
      this.child.stderr?.on('data', (chunk: string) => {
        this.stderr += chunk;
        const match = /serving MCP over streamable HTTP at (\S+)/.exec(this.stderr);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      void this.exited.then(() => reject(new Error(`serve --http exited before listening: ${this.stderr}`)));
    });
  }

  /** POSTs a request and resolves with its JSON-RPC response. */
  async request(method: string, params?: unknown): Promise<Record<string, unknown>> {
    const message: Record<string, unknown> = { jsonrpc: '2.0', id: this.nextId++, method };
    if (params !== undefined) message['params'] = params;
    const answer = await this.post(message);
    return JSON.parse(answer) as Record<string, unknown>;
  }

  /** POSTs a notification (answered 202 with no body). */
  async notify(method: string, params?: unknown): Promise<void> {
    const message: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) message['params'] = params;
    await this.post(message);
  }

  /** Performs the legacy handshake; later requests name the negotiated revision in a header. */
  async initialize(revision: string): Promise<Record<string, unknown>> {
    const response = await this.request('initialize', { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'codegraph-conformance', version: '1' } });
    const result = response['result'] as { protocolVersion?: string } | undefined;
    this.negotiated = result?.protocolVersion;
    await this.notify('notifications/initialized');
    return response;
  }

  /** Stops the server with SIGTERM and resolves with its exit code. */
  async close(timeoutMs = 10_000): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
      rmSync(this.stateDir, { recursive: true, force: true });
    }
  }

  private async post(message: Record<string, unknown>): Promise<string> {
    const url = await this.ready;
    const answer = await fetch(url, { method: 'POST', headers: this.headersFor(message), body: JSON.stringify(message) });
    this.statuses.push(answer.status);
    return answer.text();
  }

  private headersFor(message: Record<string, unknown>): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const params = message['params'];
    const meta = params !== null && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>)['_meta'] : undefined;
    const version = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>)[PROTOCOL_VERSION_KEY] : undefined;
    if (typeof version === 'string') {
      headers['mcp-protocol-version'] = version;
      headers['mcp-method'] = String(message['method']);
      const named = message['method'] === 'resources/read' ? 'uri' : message['method'] === 'tools/call' || message['method'] === 'prompts/get' ? 'name' : undefined;
      const name = named === undefined ? undefined : (params as Record<string, unknown>)[named];
      if (typeof name === 'string') headers['mcp-name'] = name;
    } else if (this.negotiated !== undefined && message['method'] !== 'initialize') {
      headers['mcp-protocol-version'] = this.negotiated;
    }
    return headers;
  }
}
