import type { EraCase } from './contract.js';
import { jsonDiff, matchesSubset } from './diff.js';

/**
 * What differs between one era case of protocol/eras.json and the server's response to it:
 * an empty list when the response is what the contract says, whatever transport carried it.
 */
export function eraProblems(c: EraCase, response: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const expect = c.expect;
  if (expect.error !== undefined) {
    const error = response['error'] as Record<string, unknown> | undefined;
    if (error === undefined) problems.push(`expected error ${expect.error.code}, got result ${JSON.stringify(response['result'])}`);
    else matchesSubset(expect.error, error, '$.error', problems);
    return problems;
  }
  const result = response['result'] as Record<string, unknown> | undefined;
  if (result === undefined) {
    problems.push(`expected a result, got ${JSON.stringify(response['error'])}`);
    return problems;
  }
  if (expect.served === 'legacy' && 'resultType' in result) problems.push('legacy result carries resultType');
  if (expect.served === 'modern') {
    if (result['resultType'] !== 'complete') problems.push(`modern result resultType is ${JSON.stringify(result['resultType'])}`);
    const meta = result['_meta'] as Record<string, unknown> | undefined;
    const info = meta?.['io.modelcontextprotocol/serverInfo'] as Record<string, unknown> | undefined;
    if (info?.['name'] !== 'codegraph') problems.push('modern result lacks _meta serverInfo {name: "codegraph"}');
  }
  if (expect.result !== undefined) {
    if (expect.exactResult === true) jsonDiff(expect.result, result, '$.result', problems);
    else matchesSubset(expect.result, result, '$.result', problems);
  }
  for (const key of expect.resultKeys ?? []) if (!(key in result)) problems.push(`result lacks ${key}`);
  for (const key of expect.absentKeys ?? []) if (key in result) problems.push(`result should not carry ${key}`);
  if (expect.textStartsWith !== undefined) {
    const content = result['content'] as { text?: string }[] | undefined;
    const text = content?.[0]?.text ?? '';
    if (!text.startsWith(expect.textStartsWith)) problems.push(`text should start with ${JSON.stringify(expect.textStartsWith)}, got ${JSON.stringify(text.slice(0, 80))}`);
  }
  return problems;
}
