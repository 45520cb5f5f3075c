import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';

async function receiversOf(source: string, name: string): Promise<(string | undefined)[]> {
  const ex = await extractSource('go', source, 'a.go');
  return ex.refs.filter((r) => r.kind === 'calls' && r.name === name).map((r) => r.receiver);
}

test('a parameter of another package\'s type types the calls on it by that type', async () => {
  assert.deepEqual(await receiversOf('package doc\nfunc gen(cmd *cobra.Command) { cmd.CommandPath() }\n', 'CommandPath'), ['cobra.Command']);
});

test('a local a call assigns holds that call, its start written as the type its own local holds', async () => {
  const source = 'package doc\nfunc gen(cmd *cobra.Command) {\n\tflags := cmd.NonInheritedFlags()\n\tflags.SetOutput(nil)\n\tc, err := client.New()\n\t_ = err\n\tc.Send()\n}\n';
  assert.deepEqual(await receiversOf(source, 'SetOutput'), ['cobra.Command.NonInheritedFlags()']);
  assert.deepEqual(await receiversOf(source, 'Send'), ['client.New()']);
});

test('a chain of calls from a typed local starts at its type; a local assigned a call on itself holds nothing known', async () => {
  const source = 'package p\nfunc f(c *Client) {\n\tc.Request().URI()\n\tn := next()\n\tn = n.Next()\n\tn.Close()\n}\n';
  assert.deepEqual(await receiversOf(source, 'URI'), ['Client.Request()']);
  assert.deepEqual(await receiversOf(source, 'Close'), ['n']);
});
