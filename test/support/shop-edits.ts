import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexProject } from '../../src/index/sync/index.js';
import { Prng } from '../fuzz/prng.js';
import { dumpGraph } from './graph-dump.js';

/** Files of the `shop` fixture that random edits touch (TypeScript and Python, with cross-file uses). */
export const SHOP_EDITABLE = ['src/cart.ts', 'src/pricing.ts', 'src/events.ts', 'src/index.ts', 'py/orders/service.py', 'py/orders/models.py'];

/**
 * Makes `count` random edits to the shop fixture at `root`: append a function that calls into
 * another file, delete the file, replace it with new definitions, or replace it with text that
 * does not parse. Returns the edited paths (project-relative), in edit order.
 */
export function randomShopEdits(root: string, random: Prng, count: number): string[] {
  const edited: string[] = [];
  for (let edit = 0; edit < count; edit++) {
    const pick = random.pick(SHOP_EDITABLE);
    const path = join(root, pick);
    const action = random.int(0, 3);
    const n = random.int(0, 999);
    const python = pick.endsWith('.py');
    if (action === 0) {
      const body = python ? `\n\ndef added_${n}():\n    return Order(${n}, ${n})\n` : `\nexport function added${n}(): number {\n  return priceOf('apple') + ${n};\n}\n`;
      try {
        appendFileSync(path, body);
      } catch {
        writeFileSync(path, body);
      }
    } else if (action === 1) {
      rmSync(path, { force: true });
    } else if (action === 2) {
      writeFileSync(path, python ? `from .models import Order\n\nclass Fresh${n}:\n    def go(self):\n        return Order(1, 2).is_large()\n` : `import { priceOf } from './pricing.js';\nexport const fresh${n} = () => priceOf('pear');\n`);
    } else {
      writeFileSync(path, 'this is not valid code {{{ ((( \n');
    }
    edited.push(pick);
  }
  return edited;
}

/**
 * Indexes a copy of `root` from nothing and returns its dump: what an incremental result must
 * equal. `cleanups` receives the copy's removal.
 */
export async function freshDump(root: string, cleanups: (() => void)[]): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), 'codegraph-fresh-'));
  cleanups.push(() => rmSync(copy, { recursive: true, force: true }));
  cpSync(root, copy, { recursive: true, filter: (src) => !src.includes('.codegraph') });
  await indexProject({ root: copy, mode: 'full', command: 'test', workers: 1 });
  return dumpGraph(copy);
}
