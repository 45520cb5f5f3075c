/** Static weights of the ranking: node kinds, edge kinds, and path penalties. */
import type { EdgeKind, NodeKind } from '../../model.js';
import type { IndexData } from '../data/index-data.js';

const KIND_WEIGHT: Readonly<Partial<Record<NodeKind, number>>> = {
  function: 1, method: 1, constructor: 0.9, component: 1, route: 1, macro: 0.8,
  class: 0.95, struct: 0.9, interface: 0.85, trait: 0.85, protocol: 0.85, enum: 0.75, union: 0.7, type_alias: 0.7,
  module: 0.5, namespace: 0.5, constant: 0.65, variable: 0.6, property: 0.5, field: 0.5, enum_member: 0.4, file: 0.3,
};

/** How much a symbol of this kind is worth showing, 0..1. */
export function kindWeight(kind: NodeKind): number {
  return KIND_WEIGHT[kind] ?? 0.5;
}

/** Weight of walking an edge forward (to what a symbol uses) and backward (to its users). */
export function edgeWeight(kind: EdgeKind): { forward: number; backward: number } {
  switch (kind) {
    case 'calls': return { forward: 1, backward: 0.7 };
    case 'instantiates': return { forward: 0.8, backward: 0.5 };
    case 'extends':
    case 'implements':
    case 'overrides': return { forward: 0.7, backward: 0.6 };
    case 'references': return { forward: 0.5, backward: 0.35 };
    default: return { forward: 0.3, backward: 0.2 };
  }
}

const GENERATED = /(?:^|\/)(?:vendor|vendored|third_party|third-party|node_modules|dist|build|out|gen|generated|__generated__|site-packages|bower_components)\/|\.min\.[jc]ss?$|\.min\.js$|_pb2(?:_grpc)?\.py$|\.pb\.go$|\.g\.dart$|\.generated\.\w+$|\.d\.ts$/i;

/** True for vendored, built or generated files. */
export function isGeneratedPath(path: string): boolean {
  return GENERATED.test(path);
}

// Test doubles: `mocks.rs`, `fake_clock.go`, `client_mock.go`, `stubs/`, `MockServer.java`.
const TEST_DOUBLE = /(?:^|\/)(?:mocks?|fakes?|stubs?)(?:\/|\.[^/]*$)|(?:^|\/)(?:mock|fake|stub)_[^/]*$|_(?:mocks?|fakes?|stubs?)\.[^/]*$|(?:^|\/)(?:Mock|Fake|Stub)[A-Z][^/]*$/;

/** True for a mock, fake or stub standing in for the real code in tests. */
export function isTestDoublePath(path: string): boolean {
  return TEST_DOUBLE.test(path);
}

/** In a test file (as indexed) or a test double: what a question means only when it asks for tests. */
export function isTestSide(path: string, data: Pick<IndexData, 'byPath'>): boolean {
  return data.byPath.get(path)?.isTest === true || isTestDoublePath(path);
}

/**
 * Multiplier for a file: tests, test doubles, generated code and bundles of other files' code
 * (search/bundles.ts) rank lower unless the query asks for tests (a mock's `JoinHandle` is not the
 * one a question about join handles means).
 */
export function pathPenalty(path: string, isTest: boolean, wantsTests: boolean, bundled = false): number {
  if (bundled || isGeneratedPath(path)) return 0.3;
  if (isTest || isTestDoublePath(path)) return wantsTests ? 1.1 : 0.35;
  return 1;
}
