/**
 * Attribute-like macros that C code writes between a declaration's specifiers and its name
 * (`static int __init setup(void)`, `int x __read_mostly;`, `char __user *buf`). They expand to
 * compiler attributes or to nothing; the grammar, seeing two identifiers in a row, takes the macro
 * for the declarator and loses the real name (the Linux kernel writes `__init` on thousands of
 * functions). Masking them with spaces keeps every position and lets the declaration parse.
 */

/**
 * Macros that take no arguments and only qualify a declaration: the Linux kernel's
 * `compiler_types.h`, `compiler_attributes.h`, `init.h` and `cache.h` families, and glibc's
 * `sys/cdefs.h` ones. A name followed by `(` is a call or a macro with arguments and is left alone.
 */
export const ATTRIBUTE_MACROS: readonly string[] = [
  '__init', '__exit', '__initdata', '__initconst', '__exitdata', '__ref', '__refdata', '__meminit', '__meminitdata',
  '__init_or_module', '__devinit', '__cpuinit', '__net_init', '__net_exit', '__read_mostly', '__ro_after_init',
  '__weak', '__always_inline', '__maybe_unused', '__always_unused', '__latent_entropy', '__cold', '__hot', '__user',
  '__kernel', '__iomem', '__rcu', '__percpu', '__force', '__nocast', '__must_check', '__noreturn', '__visible',
  '__used', '__pure', '__sched', '__cpuidle', 'noinline', '__noinline', 'notrace', 'asmlinkage', 'noinstr',
  '__attribute_const__', '__flatten', '__noclone', '__naked', '__nocfi', '__packed', '__cacheline_aligned',
  '____cacheline_aligned', '__cacheline_aligned_in_smp', '____cacheline_aligned_in_smp',
  '__THROW', '__wur', '__attribute_pure__', '__attribute_malloc__', '__attribute_used__', '__attribute_noinline__',
];

const PATTERN = new RegExp(`\\b(?:${ATTRIBUTE_MACROS.join('|')})\\b(?![ \\t]*\\()`, 'g');

/** `source` with every attribute macro replaced by as many spaces: the same length, line for line. */
export function maskAttributeMacros(source: string): string {
  return source.replace(PATTERN, (name) => ' '.repeat(name.length));
}
