import type { Tree } from 'web-tree-sitter';
import type { FileExtraction } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { leadingComment, unquote } from '../comments.js';
import { isUpperSnake } from '../names.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';

const TYPES: ReadonlySet<string> = new Set(['function_definition', 'command', 'variable_assignment']);
/** Shell builtins: calling them never refers to project code, so they would only add noise. */
const BUILTINS = new Set([
  'echo', 'printf', 'cd', 'pwd', 'export', 'local', 'declare', 'typeset', 'readonly', 'set', 'unset',
  'shift', 'exit', 'return', 'test', '[', '[[', 'read', 'eval', 'exec', 'true', 'false', ':', 'trap',
  'wait', 'let', 'getopts', 'break', 'continue', 'builtin', 'command', 'type', 'hash', 'shopt',
]);
const isComment = (type: string): boolean => type === 'comment';

/**
 * Bash and other POSIX shells: functions (`f() {}` and `function f {}`, all exported: a sourced
 * file shares its functions), upper-case top-level variables as constants, commands as calls
 * (builtins left out) and `source`/`.` of a file as an import of the path as written.
 */
export const bashExtractor: LanguageExtractor = {
  languages: ['bash'],
  extract: extractBash,
};

function extractBash(tree: Tree, _source: string, path: string, language: string): FileExtraction {
  const b = new ExtractionBuilder(language);
  walk(tree.rootNode, b, TYPES, (node, type) => {
    switch (type) {
      case 'function_definition': {
        const name = node.childForFieldName('name');
        if (name === null) return;
        b.open(b.define('function', name.text, node, {
          exported: true,
          signature: headText(node, node.childForFieldName('body')),
          docstring: leadingComment(node, isComment),
        }));
        return;
      }
      case 'command': {
        const name = node.childForFieldName('name');
        if (name === null) return;
        const word = name.text;
        if (word === 'source' || word === '.') {
          const target = node.childForFieldName('argument');
          if (target !== null) {
            b.addImport({ module: unquote(target.text), names: [], reexport: false, line: node.startPosition.row + 1 });
          }
          return false;
        }
        if (!BUILTINS.has(word) && /^[\w.:-]+$/u.test(word)) b.ref('calls', word, name);
        return;
      }
      case 'variable_assignment': {
        // Only file-level settings read like constants; locals inside functions are noise.
        const name = node.childForFieldName('name');
        if (b.current !== -1 || name === null || !isUpperSnake(name.text)) return;
        const holder = node.parent?.type === 'declaration_command' ? node.parent : node;
        b.define('constant', name.text, holder, {
          exported: true,
          signature: headText(holder, null),
          docstring: leadingComment(holder, isComment),
        });
        return;
      }
      default:
        return;
    }
  });
  return b.finish(countParseErrors(tree.rootNode), isTestPath(path) || path.endsWith('.bats'));
}
