/**
 * The character rules every text input of the API shares, written once as regular-expression
 * source: the validators build their patterns from it and the OpenAPI document states the same
 * text. Escapes (`\u00a0`), never literal characters, and no `\s` or `\d`: those mean other sets
 * in other engines (Python's `\s` takes in U+001C to U+001F, its `\d` every Unicode digit), and
 * the document is read by generators and validators in many languages. Patterns are meant with
 * Unicode semantics (the `u` flag, as JSON Schema 2020-12 asks), so a surrogate pair is one
 * character and a lone surrogate one too.
 */

/**
 * Characters no text input may hold: C0 controls other than tab, line feed and carriage return
 * (NUL among them, which PostgreSQL cannot store in text), DEL, and lone UTF-16 surrogates (not
 * Unicode text at all; a JSON body can carry them as `\ud800`).
 */
export const CONTROL_CHARACTERS =
  '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f\\ud800-\\udfff';

/**
 * The whitespace JavaScript's `trim()` removes, less the two controls the rule above refuses
 * (vertical tab, form feed): what "blank" means where an input must not be.
 */
export const BLANK_CHARACTERS =
  '\\t\\n\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** One of the blank characters, as a pattern. */
export const BLANK = `[${BLANK_CHARACTERS}]`;

/** Finds a character no text input may hold. */
export const FORBIDDEN_TEXT = new RegExp(`[${CONTROL_CHARACTERS}]`, 'u');

/** Any text without forbidden characters: the rule of free text that has no pattern of its own. */
export const TEXT_PATTERN = new RegExp(`^[^${CONTROL_CHARACTERS}]*$`, 'u');

/**
 * Text with at least `characters` characters that are not blank, and no forbidden ones: free
 * text the server trims (and so would find empty, or shorter than `characters`, if blank).
 */
export function nonBlankText(characters = 1): RegExp {
  const any = `[^${CONTROL_CHARACTERS}]*`;
  const visible = `[^${CONTROL_CHARACTERS}${BLANK_CHARACTERS}]`;
  return new RegExp(`^${any}${`${visible}${any}`.repeat(characters)}$`, 'u');
}
