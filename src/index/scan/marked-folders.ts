/**
 * Folder names that hold a tool's output only sometimes. `coverage` is a test run's report
 * (istanbul's `lcov-report/`, `lcov.info`, `coverage-final.json`, c8's `tmp/`) or the source of a
 * coverage tool or plugin (coverage.py's own package, a CI server's `plugins/coverage/`, whose
 * routes were lost); `env`, `venv` and `.venv` are a Python environment (`pyvenv.cfg`, conda's
 * `conda-meta/`, an older virtualenv's `bin/activate`) or a project's code about its environment.
 * Each is skipped only when it holds a mark of the tool's output (a report may sit one folder
 * down). Name and folder in, a verdict out; a listing or a few, which a walk into it would read anyway.
 */
import type { Dirent } from 'node:fs';
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
 * The marks of a report one folder down: its data files, and the scripts istanbul's and
 * coverage.py's HTML reports carry (not `index.html`, which a folder of code may hold too).
 */
const REPORT_FILES: readonly string[] = [
  'lcov-report', 'lcov.info', 'coverage-final.json', 'coverage-summary.json', 'clover.xml', 'cobertura-coverage.xml',
  'sorter.js', 'prettify.js', 'block-navigation.js', 'coverage_html.js',
];

/** Subfolders of a `coverage` folder looked into for its marks: a report one level down (Angular's `coverage/<project>/`, `coverage/unit/`). */
const MAX_SUBFOLDERS = 32;

/**
 * Whether `folder` (an absolute path) named `name` holds its tool's output: a mark in it, or for
 * `coverage` in one of its first subfolders. An unreadable folder holds none that can be told:
 * the walk into it reports it.
 */
export function holdsToolOutput(name: string, folder: string): boolean {
  const marks = MARKS.get(name);
  if (marks === undefined) return false;
  const entries = listing(folder);
  if (entries.some((entry) => marks.includes(entry.name))) return true;
  if (marks === ENVIRONMENT_MARKS) {
    // A virtualenv made before `pyvenv.cfg` (virtualenv < 20) has its activation script.
    return existsSync(join(folder, 'bin', 'activate')) || existsSync(join(folder, 'Scripts', 'activate'));
  }
  const subfolders = entries.filter((entry) => entry.isDirectory()).slice(0, MAX_SUBFOLDERS);
  return subfolders.some((sub) => listing(join(folder, sub.name)).some((entry) => REPORT_FILES.includes(entry.name)));
}

function listing(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

/**
 * The verdicts of one project's folders skipped by their marks, for a watch that meets paths one
 * event at a time. A folder found holding its tool's output stays so (a report, an environment);
 * one not yet holding it is asked again, as a tool makes its folder before writing the marks.
 */
export class ToolOutputFolders {
  readonly #root: string;
  readonly #holding = new Set<string>();

  constructor(root: string) {
    this.#root = root;
  }

  /** Whether project-relative `relPath` is, or lies inside, a folder that holds its tool's output. */
  within(relPath: string): boolean {
    const segments = relPath.split('/');
    for (let i = 0; i < segments.length; i++) {
      const name = segments[i]!;
      if (!MARKS.has(name)) continue;
      const folder = segments.slice(0, i + 1).join('/');
      if (this.#holding.has(folder)) return true;
      if (holdsToolOutput(name, join(this.#root, folder))) {
        this.#holding.add(folder);
        return true;
      }
    }
    return false;
  }
}
