/**
 * `npm run bench -- view --corpus django`: the page in the system's headless Chromium against
 * `codegraph view --watch` on an indexed copy of a corpus. Measures the map's paint after load
 * (the page's own clock from navigation start to the frame after drawing), a neighbourhood after
 * a click (from the click to its centre being drawn, round trips to the browser included) and an
 * edit's arrival in the open page (from the file's save to its new text showing, the watcher's
 * debounce and sync included).
 */
import { appendFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { findBrowser, launchBrowser } from '../support/browser.js';
import { spawnView } from '../support/view-server.js';
import { findCorpus, indexedCopy, log, type CorpusSpec } from './corpora.js';
import { largeIndexedCopy } from './large-bench.js';

/** What one run measured, in milliseconds. */
export interface ViewBenchReport {
  readonly corpus: string;
  readonly files: string;
  readonly mapPaint: readonly number[];
  readonly neighbourhood: readonly number[];
  readonly edit: readonly number[];
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Runs the benchmark on `corpusName` with `runs` of each measurement. */
export async function runViewBench(corpusName = 'django', runs = 5): Promise<ViewBenchReport> {
  const found = findBrowser();
  if (!('path' in found)) throw new Error(found.missing);
  // A large corpus (the kernel) is measured on the large benchmark's kept index, with its config;
  // its files are hard links to the prepared corpus, so no edit is made there.
  const large = findCorpus(corpusName)?.large === true;
  const { spec, root } = large
    ? { spec: findCorpus(corpusName) as CorpusSpec, root: await largeIndexedCopy(corpusName) }
    : await indexedCopy(corpusName, 'view-bench');
  const view = await spawnView(root, ['--watch'], { CODEGRAPH_WATCH_DEBOUNCE_MS: '150' });
  const browser = await launchBrowser(found.path);
  try {
    const page = await browser.context.newPage();
    const mapPaint: number[] = [];
    for (let i = 0; i <= runs; i++) {
      await page.goto(view.url);
      await page.waitForSelector('body[data-map-painted]', { timeout: 60_000 });
      // The first load also fills the browser's cache; it is reported apart from the rest.
      mapPaint.push(Number(await page.getAttribute('body', 'data-map-painted')));
    }
    const files = await page.locator('#map-info').innerText();
    log(`map: ${files}`);
    await page.locator('#search').fill('kind:method save');
    await page.waitForSelector('#results li');
    // The first result with at least three neighbours to click through.
    for (let i = 0; i < 20; i++) {
      await page.locator('#results li').nth(i).click();
      await page.waitForSelector(`#hood g.node.side-center[data-id="${(await page.locator('#results li').nth(i).getAttribute('data-id')) ?? ''}"]`);
      if ((await page.locator('#hood g.node:not(.side-center)').count()) >= 3) break;
    }
    const neighbourhood: number[] = [];
    for (let i = 0; i < runs * 2; i++) {
      const next = page.locator('#hood g.node:not(.side-center)').nth(i % 3);
      const id = await next.getAttribute('data-id');
      const start = performance.now();
      await next.dispatchEvent('click');
      await page.waitForSelector(`#hood g.node.side-center[data-id="${id ?? ''}"]`);
      neighbourhood.push(performance.now() - start);
    }
    const edit: number[] = [];
    const title = (await page.locator('#hood g.node.side-center title').textContent()) ?? '';
    const path = (title.split('\n')[1] ?? '').replace(/:\d+$/, '');
    for (let i = 0; i < (large ? 0 : runs); i++) {
      const tag = `view${Date.now().toString(36)}${i}`;
      await page.goto(view.url);
      await page.waitForSelector('body[data-live="yes"]');
      await page.locator(`#map g.box.file[data-id="${path}"]`).dispatchEvent('click');
      await page.waitForSelector('#source pre.code');
      const start = performance.now();
      appendFileSync(join(root, path), spec.probe.snippet(tag));
      await page.waitForSelector(`#source pre.code:has-text("${tag}")`, { timeout: 30_000 });
      edit.push(performance.now() - start);
    }
    return { corpus: corpusName, files, mapPaint, neighbourhood, edit };
  } finally {
    await browser.close();
    await view.stop();
    if (!large) await rm(root, { recursive: true, force: true });
  }
}

/** The report as text. */
export function formatViewReport(r: ViewBenchReport): string {
  const list = (values: readonly number[]): string => values.map((v) => Math.round(v)).join(', ');
  return [
    `view on ${r.corpus} (${r.files})`,
    `  map paint after load: first ${Math.round(r.mapPaint[0] ?? NaN)} ms (the page's first load), then median ${Math.round(median(r.mapPaint.slice(1)))} ms [${list(r.mapPaint.slice(1))}] (target <= 1000 ms on django, <= 3000 ms collapsed on the Linux kernel)`,
    `  neighbourhood after a click: median ${Math.round(median(r.neighbourhood))} ms, max ${Math.round(Math.max(...r.neighbourhood))} ms [${list(r.neighbourhood)}] (target <= 300 ms)`,
    r.edit.length === 0
      ? '  edit saved -> shown in the open page: not measured (a large corpus\'s kept copy is not edited)'
      : `  edit saved -> shown in the open page: median ${Math.round(median(r.edit))} ms, max ${Math.round(Math.max(...r.edit))} ms [${list(r.edit)}] (target <= 2000 ms)`,
  ].join('\n');
}
