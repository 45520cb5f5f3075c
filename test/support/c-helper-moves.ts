/**
 * A small C project whose `helper` moves to another file, is deleted, comes back in a new file,
 * loses that file and is then defined twice, with where `use` in b.c must find it after each
 * step (undefined: nowhere, or not one place). Every step changes which definitions carry the
 * name `helper` in files other than the caller's.
 */
import { appendFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const C_HELPER_FILES: Readonly<Record<string, string>> = {
  'a.c': 'int helper(void) { return 1; }\nint other(void) { return 2; }\n',
  'b.c': 'int helper(void);\nint use(void) { return helper() + other(); }\n',
  'lib/d.c': 'static int local(void) { return 3; }\nint spare(void) { return local(); }\n',
};

export interface HelperStep {
  readonly what: string;
  readonly edit: (root: string) => void;
  /** The file `use` binds `helper` in afterwards; undefined when it binds none. */
  readonly boundIn: string | undefined;
}

export const C_HELPER_STEPS: readonly HelperStep[] = [
  {
    what: 'moved to lib/d.c', boundIn: 'lib/d.c', edit: (root) => {
      writeFileSync(join(root, 'a.c'), 'int other(void) { return 2; }\n');
      appendFileSync(join(root, 'lib/d.c'), 'int helper(void) { return 4; }\n');
    },
  },
  { what: 'deleted', boundIn: undefined, edit: (root) => writeFileSync(join(root, 'lib/d.c'), C_HELPER_FILES['lib/d.c']!) },
  { what: 'back in a new file', boundIn: 'e.c', edit: (root) => writeFileSync(join(root, 'e.c'), 'int helper(void) { return 5; }\n') },
  { what: 'its file removed', boundIn: undefined, edit: (root) => unlinkSync(join(root, 'e.c')) },
  {
    what: 'defined twice', boundIn: undefined, edit: (root) => {
      writeFileSync(join(root, 'e.c'), 'int helper(void) { return 5; }\n');
      appendFileSync(join(root, 'a.c'), 'int helper(void) { return 1; }\n');
    },
  },
];

/** The file `use` in b.c binds `helper` in, in a graph dump. */
export function helperBoundIn(dump: string): string | undefined {
  return /edge b\.c#function:use@\S+ -calls-> (\S+)#function:helper/.exec(dump)?.[1];
}
