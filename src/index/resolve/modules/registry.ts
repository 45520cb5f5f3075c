import { cModules } from './c.js';
import { csharpModules } from './csharp.js';
import { goModules } from './go.js';
import { jsModules } from './js.js';
import { jvmModules } from './jvm.js';
import { phpModules } from './php.js';
import { pythonModules } from './python.js';
import { rubyModules } from './ruby.js';
import { rustModules } from './rust.js';
import type { ModuleResolver } from './types.js';

const BY_FAMILY: ReadonlyMap<string, ModuleResolver> = new Map([
  ['js', jsModules], ['python', pythonModules], ['go', goModules], ['rust', rustModules],
  ['jvm', jvmModules], ['c', cModules], ['csharp', csharpModules], ['php', phpModules],
  ['ruby', rubyModules],
]);

/** The module resolver of a family; families without one resolve by name only. */
export function moduleResolverFor(family: string): ModuleResolver | undefined {
  return BY_FAMILY.get(family);
}
