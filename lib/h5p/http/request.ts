// Small request helpers of the /h5p routes.
import { z, type ZodType } from 'zod';
import { jsonSchemaOf } from '@/lib/http/openapi';

/** The ?token= of the request (embeds and the workspace pages pass it; it goes into the AJAX addresses). */
export const bearerQueryToken = (url: URL): string | undefined => url.searchParams.get('token') || undefined;

/** Names the languages ICU knows (Node.js ships full ICU); `of()` answers undefined for a code that names none. */
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** Whether the primary subtag of a syntactically valid code is a language (`xx`, `qq`, `zz` are not). */
function isKnownLanguage(code: string): boolean {
  try {
    return LANGUAGE_NAMES.of(code.split(/[-_]/)[0]!) !== undefined;
  } catch {
    return false;
  }
}

/**
 * A `language` parameter of the H5P routes: a language code (`en`, `de`, `pt-BR`, `zh-Hans`; `pt_BR` is read as
 * `pt-BR`), the form h5p-server accepts, whose language exists (issue 22 item 9: `libraries` and `xx_yy` are client
 * errors) — else 400 `Validation error: language: …` here, and the value never reaches h5p-server, which would throw
 * on it. A real language H5P has no texts for is served in English, as H5P itself does.
 */
export const languageCode = z
  .string()
  .refine((v) => /^[a-zA-Z]{2,3}([-_][a-zA-Z]{2,6})?$/.test(v) && isKnownLanguage(v), 'must be a language code such as en or pt-BR')
  .transform((v) => v.replace('_', '-'));

export const languageQuery = z.object({ language: languageCode.default('en') }).loose();

export const contentIdParams = z.object({ contentId: z.string().min(1).max(100) });

/** Any JSON body: the H5P services check it themselves with the spec's texts. */
export const anyBody = z.unknown();

/**
 * The API document's request body of a route that takes any JSON (anyBody) and checks it in its service: the shape
 * the service expects, as JSON Schema (the schema documents; it never parses the request).
 */
export function jsonBodyDoc(schema: ZodType): Record<string, unknown> {
  const js = jsonSchemaOf(schema);
  return { required: Array.isArray(js.required) && js.required.length > 0, content: { 'application/json': { schema: js } } };
}

/** The API document's request body of a multipart upload with one file field. */
export const uploadDoc = (field: string, description: string) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: { type: 'object', required: [field], properties: { [field]: { type: 'string', format: 'binary', description } } },
    },
  },
});
