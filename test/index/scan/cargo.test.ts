import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { crateNameFor } from '../../../src/index/scan/cargo.js';

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cg-cargo-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

test('a Rust file\'s crate is named by the nearest manifest: [lib] name, else [package] name with - as _', () => {
  const root = project({
    'Cargo.toml': '[workspace]\nmembers = ["tokio-util", "macros"]\n',
    'tokio-util/Cargo.toml': '[package]\nname = "tokio-util"\nversion = "0.7"\n\n[dependencies]\ntokio = { version = "1", features = ["full"] }\n\n[[bin]]\nname = "tool"\n',
    'tokio-util/tests/codec.rs': '',
    'tokio-util/src/lib.rs': '',
    'macros/Cargo.toml': "[lib]\nname = 'tokio_macros' # the proc-macro crate\nproc-macro = true\n\n[package]\nname = \"macros-package\"\n",
    'macros/src/lib.rs': '',
    'build.rs': '',
  });
  try {
    const at = (path: string): string | undefined => crateNameFor(join(root, path), path);
    assert.equal(at('tokio-util/tests/codec.rs'), 'tokio_util');
    assert.equal(at('tokio-util/src/lib.rs'), 'tokio_util');
    assert.equal(at('macros/src/lib.rs'), 'tokio_macros');
    // The workspace root names no package, and nothing above the project root is read.
    assert.equal(at('build.rs'), undefined);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
