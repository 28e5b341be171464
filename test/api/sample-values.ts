/** Sample values for the per-entity test (entity-rules.test.ts): a unique field's records each get their own. */

interface TextRules {
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

/**
 * The `n`-th variant of an example: its letters and digits counted up as an odometer from the right (`AB-123`,
 * `AB-124` … `AB-129`, `AB-130`), each keeping its kind and case, so the variant keeps the example's shape.
 */
export function variant(example: string, n: number): string {
  const chars = [...example];
  for (let i = chars.length - 1; i >= 0 && n > 0; i--) {
    const c = chars[i];
    const [base, radix] = /\d/.test(c)
      ? ['0', 10]
      : /[a-z]/.test(c)
        ? ['a', 26]
        : /[A-Z]/.test(c)
          ? ['A', 26]
          : ['', 0];
    if (!radix) continue;
    const digit = c.charCodeAt(0) - base.charCodeAt(0) + n;
    chars[i] = String.fromCharCode(base.charCodeAt(0) + (digit % radix));
    n = Math.floor(digit / radix);
  }
  return chars.join('');
}

/**
 * A value of a unique field no record holds yet (`free`): the schema's `examples` in order, then variants of them
 * that still match the field's pattern and lengths. A field that states a pattern collides with itself otherwise,
 * every record built from its first example.
 */
export function uniqueSample(examples: unknown[], rules: TextRules, free: (v: unknown) => boolean): unknown {
  for (const e of examples) if (free(e)) return e;
  const fits = (v: string) =>
    (!rules.pattern || new RegExp(rules.pattern, 'u').test(v)) &&
    [...v].length >= (rules.minLength ?? 0) &&
    [...v].length <= (rules.maxLength ?? Infinity);
  for (const e of examples.filter((e): e is string => typeof e === 'string'))
    for (let n = 1; n < 100_000; n++) {
      const v = variant(e, n);
      if (v === e) break;
      if (fits(v) && free(v)) return v;
    }
  throw new Error(`no free value like ${JSON.stringify(examples)}: give the field more "examples"`);
}
