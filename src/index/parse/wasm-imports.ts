/**
 * Renames function imports of a WebAssembly module. Some grammar builds import a C library
 * function that the tree-sitter runtime does not export (the Bash grammar of tree-sitter-wasms
 * 0.1.13 imports `isalpha`); calling it throws from inside the parser and leaves the runtime in an
 * undefined state. Pointing the import at an equivalent function the runtime does export
 * (`iswalpha`, identical on ASCII) makes the grammar usable without touching the runtime.
 */

const IMPORT_SECTION = 2;

function readU32(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  let shift = 0;
  let pos = at;
  for (;;) {
    const byte = bytes[pos++];
    if (byte === undefined) throw new Error('truncated LEB128 value');
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [value, pos];
    shift += 7;
    if (shift > 35) throw new Error('LEB128 value too long');
  }
}

function writeU32(value: number): number[] {
  const out: number[] = [];
  let v = value;
  do {
    let byte = v & 0x7f;
    v = Math.floor(v / 128);
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

function skipLimits(bytes: Uint8Array, at: number): number {
  const flags = bytes[at] ?? 0;
  let pos = readU32(bytes, at + 1)[1];
  if ((flags & 1) !== 0) pos = readU32(bytes, pos)[1];
  return pos;
}

/** Skips one import descriptor (the part after module and field names). */
function skipDescriptor(bytes: Uint8Array, at: number): number {
  const kind = bytes[at];
  const pos = at + 1;
  switch (kind) {
    case 0: return readU32(bytes, pos)[1]; // function: type index
    case 1: return skipLimits(bytes, pos + 1); // table: reference type, limits
    case 2: return skipLimits(bytes, pos); // memory: limits
    case 3: return pos + 2; // global: value type, mutability
    case 4: return readU32(bytes, pos + 1)[1]; // tag: attribute, type index
    default: throw new Error(`unknown import kind ${String(kind)}`);
  }
}

/**
 * Returns a copy of `binary` whose imports named like a key of `renames` are named like its
 * value; every other byte is kept. Returns `binary` itself when nothing matches.
 */
export function renameImports(binary: Uint8Array, renames: Readonly<Record<string, string>>): Uint8Array {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pos = 8; // magic and version
  while (pos < binary.length) {
    const id = binary[pos] ?? 0;
    const [size, contentStart] = readU32(binary, pos + 1);
    const contentEnd = contentStart + size;
    if (id !== IMPORT_SECTION) {
      pos = contentEnd;
      continue;
    }
    const [count, first] = readU32(binary, contentStart);
    const content: number[] = [...writeU32(count)];
    let at = first;
    let changed = false;
    for (let i = 0; i < count; i++) {
      const [moduleLength, moduleStart] = readU32(binary, at);
      const moduleEnd = moduleStart + moduleLength;
      const [fieldLength, fieldStart] = readU32(binary, moduleEnd);
      const fieldEnd = fieldStart + fieldLength;
      const descriptorEnd = skipDescriptor(binary, fieldEnd);
      const field = decoder.decode(binary.subarray(fieldStart, fieldEnd));
      const renamed = binary[fieldEnd] === 0 ? renames[field] : undefined;
      content.push(...binary.subarray(at, moduleEnd));
      if (renamed !== undefined) {
        const name = encoder.encode(renamed);
        content.push(...writeU32(name.length), ...name);
        changed = true;
      } else {
        content.push(...binary.subarray(moduleEnd, fieldEnd));
      }
      content.push(...binary.subarray(fieldEnd, descriptorEnd));
      at = descriptorEnd;
    }
    if (!changed) return binary;
    const out = new Uint8Array(pos + 1 + writeU32(content.length).length + content.length + (binary.length - contentEnd));
    out.set(binary.subarray(0, pos), 0);
    let o = pos;
    out[o++] = IMPORT_SECTION;
    const sizeBytes = writeU32(content.length);
    out.set(sizeBytes, o);
    o += sizeBytes.length;
    out.set(content, o);
    o += content.length;
    out.set(binary.subarray(contentEnd), o);
    return out;
  }
  return binary;
}
