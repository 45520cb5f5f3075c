/**
 * The real browser the page tests drive: Debian's `chromium` (or the one CODEGRAPH_TEST_BROWSER
 * names) through playwright-core, never a downloaded one. Where there is none, a developer's run
 * skips the test and says how to install it; a CI run (CI set) fails instead.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Where the browser is looked for unless CODEGRAPH_TEST_BROWSER names one. */
export const SYSTEM_BROWSER = '/usr/bin/chromium';

/** The flags the browser needs here: headless, no sandbox in containers, nothing reaching out. */
export const BROWSER_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
] as const;

/** The browser executable, or why there is none. */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): { readonly path: string } | { readonly missing: string } {
  const path = env['CODEGRAPH_TEST_BROWSER'] ?? SYSTEM_BROWSER;
  if (existsSync(path)) return { path };
  return { missing: `no browser at ${path}: install one with \`sudo apt-get install chromium\` (or set CODEGRAPH_TEST_BROWSER to a Chromium executable)` };
}

/**
 * What a browser test should do without a browser: `skip` with the message on a developer's
 * machine, or throw it under CI, where a missing browser must fail the run.
 */
export function browserOrSkip(env: NodeJS.ProcessEnv = process.env): { readonly path: string } | { readonly skip: string } {
  const found = findBrowser(env);
  if ('path' in found) return found;
  if (env['CI'] !== undefined && env['CI'] !== '' && env['CI'] !== 'false') throw new Error(`${found.missing} (CI is set, so a missing browser fails the run)`);
  return { skip: found.missing };
}

/** A launched browser with its own profile folder; `close` ends it and removes the folder. */
export interface LaunchedBrowser {
  readonly context: BrowserContext;
  /** Ends the browser, then every process still using its profile (by pid), and removes the profile. */
  close(): Promise<void>;
}

/** Launches the browser at `path` with a fresh temporary profile and a 1280x800 window. */
export async function launchBrowser(path: string): Promise<LaunchedBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'codegraph-browser-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: path, headless: true, args: [...BROWSER_ARGS], viewport: { width: 1280, height: 800 } });
  return {
    context,
    close: async () => {
      await context.close();
      for (const pid of processesUsing(profile)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Pids whose command line mentions `text` (Linux /proc; elsewhere none are found). */
export function processesUsing(text: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}
