// `npm run mutate [-- MODULE...]`: mutation testing of the listed modules (all by default; the
// names are those of MODULES in stryker.config.mjs).
// `npm run mutate -- --changed [REF]`: only the source files of those modules that differ from REF
// (default HEAD~1), with the tests of their modules; nothing to do when none changed.
// `--force`: every mutant of the chosen modules is tested again, whatever the incremental file
// recorded (after a change of the checker or runner settings, which it does not track).
import { spawnSync } from 'node:child_process';

// The config reads the module choice from the environment; this script sets it for Stryker.
delete process.env.CODEGRAPH_MUTATE;
const { MODULES } = await import('./stryker.config.mjs');

const args = process.argv.slice(2);
let modules = args.filter((a) => !a.startsWith('--'));
const changedRef = args.includes('--changed') ? args[args.indexOf('--changed') + 1] : undefined;
const unknown = modules.filter((m) => m !== changedRef && !(m in MODULES));
if (unknown.length > 0) {
  process.stderr.write(`mutate: no module named ${unknown.join(', ')} (known: ${Object.keys(MODULES).join(', ')})\n`);
  process.exit(2);
}
let mutate;
const changedAt = args.indexOf('--changed');
if (changedAt >= 0) {
  const ref = args[changedAt + 1] !== undefined && !args[changedAt + 1].startsWith('--') ? args[changedAt + 1] : 'HEAD~1';
  modules = modules.filter((m) => m !== ref);
  const diff = spawnSync('git', ['diff', '--name-only', ref, '--', 'src'], { encoding: 'utf8' });
  if (diff.status !== 0) {
    process.stderr.write(`mutate: git diff against ${ref} failed: ${diff.stderr}`);
    process.exit(2);
  }
  const changed = diff.stdout.split('\n').filter((f) => f.endsWith('.ts'));
  const owned = Object.entries(MODULES).flatMap(([name, m]) => changed.filter((f) => m.mutate.some((g) => matches(g, f))).map((f) => [name, f]));
  if (owned.length === 0) {
    process.stdout.write(`mutate: no file of a mutation-tested module changed since ${ref}; nothing to do\n`);
    process.exit(0);
  }
  modules = [...new Set(owned.map(([name]) => name))];
  mutate = [...new Set(owned.map(([, f]) => f))];
  process.stdout.write(`mutate: ${mutate.join(', ')} (modules ${modules.join(', ')})\n`);
}

/** `src/a/**\/*.ts` and plain paths, which is all the module table uses. */
function matches(glob, file) {
  if (!glob.includes('*')) return glob === file;
  const prefix = glob.slice(0, glob.indexOf('*'));
  return file.startsWith(prefix) && file.endsWith('.ts');
}

const force = args.includes('--force') ? ['--force'] : [];
const stryker = spawnSync('npx', ['stryker', 'run', 'test/mutation/stryker.config.mjs', ...force, ...(mutate === undefined ? [] : ['--mutate', mutate.join(',')])], {
  stdio: 'inherit',
  env: { ...process.env, CODEGRAPH_MUTATE: modules.join(',') },
});
process.exit(stryker.status ?? 1);
