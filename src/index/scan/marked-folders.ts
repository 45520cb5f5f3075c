/**
 * Folder names that hold a tool's output only sometimes. `coverage` is a test run's report
 * (istanbul's `lcov-report/`, `lcov.info`, `coverage-final.json`, c8's `tmp/`) or the source of a
 * coverage tool or plugin (coverage.py's own package, a CI server's `plugins/coverage/`, whose
 * routes were lost); `env`, `venv` and `.venv` are a Python environment (`pyvenv.cfg`, conda's
 * `conda-meta/`, an older virtualenv's `bin/activate`) or a project's code about its environment.
 * Each is skipped only when it holds a mark of the tool's output. Name and folder in, a verdict
 * out; one listing of the folder, which a walk into it would read anyway.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ENVIRONMENT_MARKS: readonly string[] = ['pyvenv.cfg', 'conda-meta'];

/** The marks of each such name's output: entries its folder holds when a tool made it. */
const MARKS: ReadonlyMap<string, readonly string[]> = new Map([
  ['coverage', ['lcov-report', 'lcov.info', 'coverage-final.json', 'coverage-summary.json', 'clover.xml', 'cobertura-coverage.xml', 'index.html', 'tmp']],
  ['env', ENVIRONMENT_MARKS],
  ['venv', ENVIRONMENT_MARKS],
  ['.venv', ENVIRONMENT_MARKS],
]);

/** Whether a folder named `name` is skipped by what it holds rather than by its name alone. */
export function skippedByMarks(name: string): boolean {
  return MARKS.has(name);
}

/**
 * Whether `folder` (an absolute path) named `name` holds its tool's output. An unreadable folder
 * holds none that can be told: the walk into it reports it.
 */
export function holdsToolOutput(name: string, folder: string): boolean {
  const marks = MARKS.get(name);
  if (marks === undefined) return false;
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return false;
  }
  if (entries.some((entry) => marks.includes(entry))) return true;
  // A virtualenv made before `pyvenv.cfg` (virtualenv < 20) has its activation script.
  return marks === ENVIRONMENT_MARKS && (existsSync(join(folder, 'bin', 'activate')) || existsSync(join(folder, 'Scripts', 'activate')));
}
