/**
 * Secrets never leave through an answer or into the index: links are judged by what they point
 * to, and private keys pasted into source are withheld wherever they appear. Each command an
 * agent uses runs against a project holding a `.env`, an `id_rsa`, links to both under names that
 * look like source, and a Python file with a PEM block in a string.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLI_PATH, cliEnv } from '../support/cli.js';
import { fixturesDir } from '../support/golden.js';

const TOKEN = 'sk-live-TOKEN-7f3a9c';
const KEY_LINE = 'MIIEowIBAAKCAQEAzfakekeymaterialQ2hlY2tvdXRTZWNyZXQ';
const PEM = ['-----BEGIN RSA PRIVATE KEY-----', KEY_LINE, 'bm90IGEgcmVhbCBrZXkgYnV0IGEgdGVzdCBzZWNyZXQ=', '-----END RSA PRIVATE KEY-----'].join('\n');
const ENV = cliEnv({ CODEGRAPH_NO_DAEMON: '1' });

const root = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-secrets-')));
after(() => rmSync(root, { recursive: true, force: true }));

function run(...args: string[]): { status: number | null; text: string } {
  const result = spawnSync(process.execPath, [CLI_PATH, ...args], { cwd: root, env: ENV, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, text: `${result.stdout}${result.stderr}` };
}

function assertNoSecret(what: string, text: string): void {
  assert.ok(!text.includes(TOKEN), `${what} shows the token:\n${text}`);
  assert.ok(!text.includes(KEY_LINE), `${what} shows the private key:\n${text}`);
}

before(() => {
  cpSync(join(fixturesDir(import.meta.url), 'projects', 'shop'), root, { recursive: true });
  writeFileSync(join(root, '.env'), `API_TOKEN = "${TOKEN}"\ndef leaked_token():\n    return API_TOKEN\n`);
  mkdirSync(join(root, 'keys'));
  writeFileSync(join(root, 'keys', 'id_rsa'), `${PEM}\n`);
  mkdirSync(join(root, 'pkg'));
  symlinkSync('../.env', join(root, 'pkg', 'env_link.py'));
  symlinkSync('../keys/id_rsa', join(root, 'pkg', 'key_link.py'));
  writeFileSync(join(root, 'py', 'signing.py'), `SIGNING_KEY = """${PEM}"""\n\n\ndef sign_checkout(payload):\n    """Signs a checkout payload with SIGNING_KEY."""\n    return payload + SIGNING_KEY\n`);
  const init = run('init', root, '--quiet');
  assert.equal(init.status, 0, init.text);
});

describe('secrets', () => {
  test('the index stores neither the token behind a link nor a pasted private key', () => {
    const bytes = readFileSync(join(root, '.codegraph', 'codegraph.db')).toString('latin1');
    assert.ok(!bytes.includes(TOKEN), 'the database holds the token');
    assert.ok(!bytes.includes(KEY_LINE), 'the database holds the private key');
    assert.ok(bytes.includes('sign_checkout'), 'the file around the key is indexed');
  });

  test('links to secret files are skipped, counted as link-to-secret diagnostics', () => {
    const status = run('files', '--json');
    assert.equal(status.status, 0, status.text);
    assert.doesNotMatch(status.text, /env_link\.py|key_link\.py/);
    const status2 = run('status');
    assert.equal(status2.status, 0, status2.text);
    assert.match(status2.text, /Diagnostics: .*link-to-secret 2/);
  });

  test('search, node, explore and the prompt hook show neither', () => {
    const answers: [string, { status: number | null; text: string }][] = [
      ['search', run('search', 'leaked_token')],
      ['search key', run('search', 'SIGNING_KEY')],
      ['node', run('node', 'sign_checkout', '--include-code')],
      ['node SIGNING_KEY', run('node', 'SIGNING_KEY', '--include-code')],
      ['node file', run('node', '--file', 'py/signing.py')],
      ['node link', run('node', '--file', 'pkg/env_link.py')],
      ['explore', run('explore', 'how', 'is', 'a', 'checkout', 'payload', 'signed', 'with', 'sign_checkout')],
    ];
    for (const [what, answer] of answers) assertNoSecret(what, answer.text);
    const source = answers.find(([what]) => what === 'node file')?.[1].text ?? '';
    assert.match(source, /SIGNING_KEY = """\[private key withheld by codegraph\]/);
    assert.match(source, /def sign_checkout/, 'the code around the key is shown');
    const hook = spawnSync(process.execPath, [CLI_PATH, 'prompt-hook'], {
      cwd: root, env: ENV, encoding: 'utf8', timeout: 60_000,
      input: JSON.stringify({ prompt: 'why does sign_checkout use SIGNING_KEY and leaked_token', cwd: root }),
    });
    assert.equal(hook.status, 0);
    assertNoSecret('prompt-hook', hook.stdout);
  });
});
