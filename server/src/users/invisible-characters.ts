/**
 * Characters that show as nothing, or as nothing visible: controls (Cc), format characters (Cf: zero-width
 * space and joiners, bidi controls, the BOM) and the rest of Unicode's default-ignorable code points (soft
 * hyphen, Hangul fillers, variation selectors). In an identifier they make one address look like another.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** The first invisible character of `text` as `U+200B`, or null when it has none. */
export function firstInvisibleCharacter(text: string): string | null {
  const found = INVISIBLE.exec(text)?.[0];
  return found === undefined
    ? null
    : `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
