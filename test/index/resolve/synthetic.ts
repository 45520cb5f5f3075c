import type { ExtractedImport, RefKind } from '../../../src/model.js';
import type { ResolveData, ResolverFile, ResolverRef, ResolverSymbol } from '../../../src/index/resolve/types.js';

/**
 * A deterministic synthetic project for timing: Python and TypeScript packages of modules with
 * classes, methods and functions, cross-module imports, and references of every shape (imported,
 * same-file, `self`, unknown receiver, common names like `get` that must be refused).
 */
export function syntheticProject(refCount: number): ResolveData {
  const files: ResolverFile[] = [];
  const symbols: ResolverSymbol[] = [];
  const refs: ResolverRef[] = [];
  const refsPerFile = 50;
  const fileCount = Math.max(2, Math.ceil(refCount / refsPerFile));
  let nextId = 1;
  let seed = 7;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >>> 12) % n;
  };
  const methodsOf: number[][] = [];
  const classOf: number[] = [];
  for (let i = 0; i < fileCount; i++) {
    const python = i % 2 === 0;
    const dir = `pkg${Math.floor(i / 40)}/sub${Math.floor(i / 8) % 5}`;
    const path = python ? `${dir}/mod${i}.py` : `${dir}/mod${i}.ts`;
    const imports: ExtractedImport[] = [];
    if (i >= 2) {
      const j = i - 2;
      const target = `pkg${Math.floor(j / 40)}/sub${Math.floor(j / 8) % 5}/mod${j}`;
      imports.push(python
        ? { module: target.replaceAll('/', '.'), names: [{ imported: `fn${j}_0`, local: `fn${j}_0` }], reexport: false, line: 1 }
        : { module: relative(dir, target), names: [{ imported: `fn${j}_0`, local: `fn${j}_0` }], reexport: false, line: 1 });
    }
    const fileId = nextId++;
    files.push({ id: fileId, nodeId: nextId++, path, language: python ? 'python' : 'typescript', imports, isTest: false });
    const cls = nextId++;
    symbols.push({ id: cls, fileId, kind: 'class', name: `C${i}`, qualifiedName: `C${i}`, parentId: null, exported: true });
    classOf.push(cls);
    const methods: number[] = [];
    for (const m of ['get', 'save', `m${i}`]) {
      const id = nextId++;
      symbols.push({ id, fileId, kind: 'method', name: m, qualifiedName: `C${i}.${m}`, parentId: cls, exported: true });
      methods.push(id);
    }
    methodsOf.push(methods);
    for (let k = 0; k < 20; k++) {
      const id = nextId++;
      symbols.push({ id, fileId, kind: 'function', name: `fn${i}_${k}`, qualifiedName: `fn${i}_${k}`, parentId: null, exported: true });
    }
  }
  for (let r = 0; r < refCount; r++) {
    const i = Math.floor(r / refsPerFile) % fileCount;
    const file = files[i] as ResolverFile;
    const from = (methodsOf[i] as number[])[2] as number;
    const shape = rand(6);
    const kind: RefKind = 'calls';
    const add = (name: string, receiver?: string): void => {
      refs.push(receiver === undefined
        ? { fileId: file.id, fromId: from, kind, name, line: r + 1, col: 0 }
        : { fileId: file.id, fromId: from, kind, name, receiver, line: r + 1, col: 0 });
    };
    if (shape === 0 && i >= 2) add(`fn${i - 2}_0`);
    else if (shape === 1) add(`fn${i}_${rand(20)}`);
    else if (shape === 2) add('save', 'self');
    else if (shape === 3) add('get', 'obj');
    else if (shape === 4) add(`m${rand(fileCount)}`, 'thing');
    else add(`undefined_${rand(100)}`);
  }
  return { files, symbols, refs };
}

function relative(fromDir: string, target: string): string {
  const a = fromDir.split('/');
  const b = target.split('/');
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const up = a.length - i;
  return (up === 0 ? './' : '../'.repeat(up)) + b.slice(i).join('/');
}
