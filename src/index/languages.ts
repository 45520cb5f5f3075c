/**
 * The language table: which files are indexed as which language, and which tree-sitter grammar
 * parses them. Covers every programming-language grammar shipped by tree-sitter-wasms; data
 * formats and markup (html, css, json, toml, yaml, embedded_template) are deliberately absent
 * because they define no symbols worth a graph node.
 */

/** What the indexer needs to know about one language. */
export interface LanguageInfo {
  /** Stable id stored in the graph (`typescript`, `c_sharp` …). */
  readonly id: string;
  /** Human-readable name for status output. */
  readonly displayName: string;
  /** File name of the grammar inside `tree-sitter-wasms/out/`. */
  readonly grammar: string;
  /** Lower-case extensions including the dot. */
  readonly extensions: readonly string[];
  /** Exact base names that identify the language without an extension. */
  readonly fileNames: readonly string[];
}

function lang(
  id: string, displayName: string, extensions: readonly string[], fileNames: readonly string[] = [],
  grammarId: string = id,
): LanguageInfo {
  return { id, displayName, grammar: `tree-sitter-${grammarId}.wasm`, extensions, fileNames };
}

/**
 * Every supported language, by id.
 *
 * `.h` maps to C: a C++ header is still mostly parsed correctly by the C grammar, while the
 * reverse misreads C code that uses C++ keywords as names; projects override it per path pattern.
 * `.m` maps to Objective-C rather than MATLAB because no MATLAB grammar ships with the WASM set,
 * so Objective-C is the only way such a file can yield symbols.
 */
export const LANGUAGES: Readonly<Record<string, LanguageInfo>> = Object.freeze({
  bash: lang('bash', 'Bash', ['.sh', '.bash', '.zsh', '.ksh'], ['.bashrc', '.bash_profile', '.zshrc', '.profile', 'PKGBUILD']),
  c: lang('c', 'C', ['.c', '.h']),
  c_sharp: lang('c_sharp', 'C#', ['.cs', '.csx']),
  cpp: lang('cpp', 'C++', ['.cc', '.cpp', '.cxx', '.c++', '.hh', '.hpp', '.hxx', '.h++', '.ipp', '.tpp', '.inl', '.ino']),
  dart: lang('dart', 'Dart', ['.dart']),
  elisp: lang('elisp', 'Emacs Lisp', ['.el'], ['.emacs', '_emacs']),
  elixir: lang('elixir', 'Elixir', ['.ex', '.exs']),
  go: lang('go', 'Go', ['.go']),
  java: lang('java', 'Java', ['.java']),
  javascript: lang('javascript', 'JavaScript', ['.js', '.mjs', '.cjs', '.jsx']),
  kotlin: lang('kotlin', 'Kotlin', ['.kt', '.kts']),
  lua: lang('lua', 'Lua', ['.lua']),
  objc: lang('objc', 'Objective-C', ['.m', '.mm']),
  ocaml: lang('ocaml', 'OCaml', ['.ml', '.mli']),
  php: lang('php', 'PHP', ['.php', '.phtml', '.php3', '.php4', '.php5', '.phps']),
  python: lang('python', 'Python', ['.py', '.pyi', '.pyw'], ['SConstruct', 'SConscript']),
  rescript: lang('rescript', 'ReScript', ['.res', '.resi']),
  ruby: lang('ruby', 'Ruby', ['.rb', '.rake', '.gemspec', '.ru'], ['Rakefile', 'Gemfile', 'Guardfile', 'Podfile', 'Vagrantfile', 'Brewfile', 'Fastfile']),
  rust: lang('rust', 'Rust', ['.rs']),
  scala: lang('scala', 'Scala', ['.scala', '.sc', '.sbt']),
  solidity: lang('solidity', 'Solidity', ['.sol']),
  swift: lang('swift', 'Swift', ['.swift']),
  systemrdl: lang('systemrdl', 'SystemRDL', ['.rdl']),
  tlaplus: lang('tlaplus', 'TLA+', ['.tla']),
  tsx: lang('tsx', 'TSX', ['.tsx']),
  typescript: lang('typescript', 'TypeScript', ['.ts', '.mts', '.cts']),
  vue: lang('vue', 'Vue', ['.vue']),
  zig: lang('zig', 'Zig', ['.zig']),
});

const byExtension = new Map<string, string>();
const byFileName = new Map<string, string>();
for (const info of Object.values(LANGUAGES)) {
  for (const ext of info.extensions) byExtension.set(ext, info.id);
  for (const name of info.fileNames) byFileName.set(name, info.id);
}

/** The entry for `id`, or undefined when the id is unknown. */
export function languageInfo(id: string): LanguageInfo | undefined {
  return Object.hasOwn(LANGUAGES, id) ? LANGUAGES[id] : undefined;
}

/**
 * The language of a project-relative path, or undefined when it is not a supported source file.
 *
 * `overrides` maps an extension (`.h`), an exact base name (`BUILD`) or a glob over the whole path
 * (`include/**\/*.h`) to a language id; the most specific kind of key wins (glob, then base name,
 * then extension), and an override naming an unknown language is ignored so that a typo in the
 * configuration cannot silently drop files.
 */
export function languageForPath(relPath: string, overrides?: Readonly<Record<string, string>>): string | undefined {
  const path = relPath.replace(/\\/g, '/');
  const slash = path.lastIndexOf('/');
  const base = slash >= 0 ? path.slice(slash + 1) : path;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot).toLowerCase() : '';
  if (overrides !== undefined) {
    const hit = overrideFor(path, base, ext, overrides);
    if (hit !== undefined) return hit;
  }
  return byFileName.get(base) ?? (ext !== '' ? byExtension.get(ext) : undefined);
}

function overrideFor(
  path: string, base: string, ext: string, overrides: Readonly<Record<string, string>>,
): string | undefined {
  let byBase: string | undefined;
  let byExt: string | undefined;
  for (const [key, id] of Object.entries(overrides)) {
    if (languageInfo(id) === undefined) continue;
    if (/[*?[]/.test(key)) {
      if (globToRegExp(key).test(path)) return id;
    } else if (key === base) {
      byBase = id;
    } else if (key.startsWith('.') && key.toLowerCase() === ext) {
      byExt = id;
    }
  }
  return byBase ?? byExt;
}

const globCache = new Map<string, RegExp>();

/** Minimal glob: `**` crosses directories, `*` and `?` do not; a pattern without `/` matches base names anywhere. */
function globToRegExp(glob: string): RegExp {
  const cached = globCache.get(glob);
  if (cached !== undefined) return cached;
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] ?? '';
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        i++;
        if (glob[i + 1] === '/') {
          i++;
          re += '(?:.*/)?';
        } else {
          re += '.*';
        }
      } else {
        re += '[^/]*';
      }
    } else if (ch === '?') {
      re += '[^/]';
    } else {
      re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  const full = new RegExp(glob.includes('/') ? `^${re}$` : `(?:^|/)${re}$`);
  globCache.set(glob, full);
  return full;
}
