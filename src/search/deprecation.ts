/**
 * Whether a definition's documentation marks it deprecated, by the conventions documentation
 * tools read: JSDoc, Javadoc and PHPDoc's `@deprecated`, Sphinx's `.. deprecated::`, and Go's
 * `Deprecated:` paragraph (or a docstring that ends on the word). A word in a sentence
 * ("flags which are not hidden or deprecated") is no mark.
 */
const MARK = /(?:^|\s)(?:@deprecated\b|\.\. deprecated\b|Deprecated(?::|\.?$))/;

/**
 * A deprecated definition's share of its score, in search and in explore's ranking: the one its
 * documentation says to use instead answers the same words (cobra's `ExactValidArgs`, "Deprecated:
 * use MatchAll(ExactArgs(n), OnlyValidArgs)", before `ExactArgs`). Set on the evaluation's tuning
 * half: search's cobra-s1 3rd -> 2nd, explore one more target shown whole (rtk-02).
 */
export const DEPRECATED_SHARE = 0.7;

/** The word every mark holds, in some case: a docstring without it carries none. */
export const DEPRECATION_WORD = 'deprecated';

/** True when `docstring` carries a deprecation mark. */
export function isDeprecatedDoc(docstring: string | null | undefined): boolean {
  return docstring !== null && docstring !== undefined && docstring.length > 0 && MARK.test(docstring);
}
