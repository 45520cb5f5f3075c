import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { crateNameFor } from '../../../src/index/scan/cargo.js';
import { DEFAULT_CONFIG } from '../../../src/index/scan/config.js';
import { scanProject } from '../../../src/index/scan/walk.js';

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
    const at = (path: string): string | undefined => crateNameFor(join(root, path), path, new Map(), realpathSync(root));
    assert.equal(at('tokio-util/tests/codec.rs'), 'tokio_util');
    assert.equal(at('tokio-util/src/lib.rs'), 'tokio_util');
    assert.equal(at('macros/src/lib.rs'), 'tokio_macros');
    // The workspace root names no package, and nothing above the project root is read.
    assert.equal(at('build.rs'), undefined);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a scan names each Rust file\'s crate from the manifests as they are then: an edited manifest is read again by the next scan', async () => {
  const root = project({ 'Cargo.toml': '[package]\nname = "first-name"\n', 'src/lib.rs': '', 'src/notes.txt': '' });
  const languageOf = (path: string): string | undefined => (path.endsWith('.rs') ? 'rust' : path.endsWith('.txt') ? 'text' : undefined);
  const crates = async (): Promise<Record<string, string | undefined>> => {
    const scan = await scanProject(root, { config: DEFAULT_CONFIG, languageOf });
    return Object.fromEntries(scan.files.map((f) => [f.path, f.crate]));
  };
  try {
    assert.deepEqual(await crates(), { 'src/lib.rs': 'first_name', 'src/notes.txt': undefined });
    writeFileSync(join(root, 'Cargo.toml'), '[package]\nname = "second-name"\n');
    assert.deepEqual(await crates(), { 'src/lib.rs': 'second_name', 'src/notes.txt': undefined });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a manifest linked from outside the project names no crate: its name is not read', async () => {
  const outside = mkdtempSync(join(tmpdir(), 'cg-cargo-outside-'));
  writeFileSync(join(outside, 'notes.toml'), '[package]\nname = "outside-secret"\n');
  const root = project({ 'src/lib.rs': '', 'inner/Cargo.toml': '[package]\nname = "inner"\n', 'inner/src/lib.rs': '' });
  symlinkSync(join(outside, 'notes.toml'), join(root, 'Cargo.toml'));
  // A link to a manifest inside the project is the project's own.
  symlinkSync(join(root, 'inner/Cargo.toml'), join(root, 'inner/src/Cargo.toml'));
  try {
    const scan = await scanProject(root, { config: DEFAULT_CONFIG, languageOf: (path) => (path.endsWith('.rs') ? 'rust' : undefined) });
    assert.deepEqual(Object.fromEntries(scan.files.map((f) => [f.path, f.crate])), { 'inner/src/lib.rs': 'inner', 'src/lib.rs': undefined });
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  }
});
