import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileUriPath, initializeWorkspacePaths, rootsListPaths } from '../../src/mcp/workspace-paths.js';

test('fileUriPath decodes a file URI and rejects other schemes and non-strings', () => {
  assert.equal(fileUriPath('file:///home/a%20b/p'), '/home/a b/p');
  assert.equal(fileUriPath('https://example.com/p'), undefined);
  assert.equal(fileUriPath(42), undefined);
});

test('initializeWorkspacePaths orders rootUri, rootPath, then workspaceFolders[0]', () => {
  const params = {
    workspaceFolders: [{ uri: 'file:///w/first', name: 'first' }, { uri: 'file:///w/second', name: 'second' }],
    rootPath: '/r/path',
    rootUri: 'file:///r/uri',
  };
  assert.deepEqual(initializeWorkspacePaths(params), ['/r/uri', '/r/path', '/w/first']);
});

test('initializeWorkspacePaths ignores fields of the wrong shape and relative rootPath', () => {
  assert.deepEqual(initializeWorkspacePaths({ rootUri: null, rootPath: 'relative', workspaceFolders: 'x' }), []);
  assert.deepEqual(initializeWorkspacePaths(undefined), []);
});

test('rootsListPaths keeps file roots and is undefined for a malformed answer', () => {
  assert.deepEqual(rootsListPaths({ roots: [{ uri: 'file:///a' }, { uri: 'http://b' }, null] }), ['/a']);
  assert.equal(rootsListPaths({}), undefined);
});

test('null where an object belongs is no workspace and no roots, never a crash', () => {
  assert.deepEqual(initializeWorkspacePaths({ workspaceFolders: [null] }), []);
  assert.equal(rootsListPaths(null), undefined);
  assert.deepEqual(rootsListPaths({ roots: [null, 7, 'file:///x', { uri: 'file:///ok' }] }), ['/ok']);
});
