// A precompiled check a zod schema may carry (issue 26 item 3): a function that says true only for a value the
// schema accepts and returns unchanged, so the route wrapper (lib/http/route.ts) can take such a value as it is
// without the schema's walk. It never decides a refusal: for anything else it says false, and the schema parses
// the value with its own error texts. A test beside each check holds it to its schema.
import type { ZodType } from 'zod';

const FAST_CHECK = Symbol.for('lumen.fastCheck');

type Checked = { [FAST_CHECK]?: (value: unknown) => boolean };

/** The schema, carrying `check` (see above). */
export function withFastCheck<S extends ZodType>(schema: S, check: (value: unknown) => boolean): S {
  (schema as S & Checked)[FAST_CHECK] = check;
  return schema;
}

/** True when the schema carries a fast check and the value passes it: the value is the schema's output as it is. */
export function passesFastCheck(schema: ZodType, value: unknown): boolean {
  return (schema as ZodType & Checked)[FAST_CHECK]?.(value) === true;
}
