// Keycloak-compatible token endpoint of the embedded identity provider (404 when an external IdP is configured).
import { realmMatches, tokenGrant } from '@/lib/auth/embedded-idp';
import { BodyTooLargeError, readBodyText } from '@/lib/net/body';

// a token request is a short form: anything past 64 KB is refused without being read
const TOKEN_FORM_LIMIT = 64 * 1024;

export const dynamic = 'force-dynamic';

export async function POST(req: Request, { params }: { params: Promise<{ realm: string }> }) {
  const { realm } = await params;
  if (!realmMatches(realm)) return Response.json({ error: 'Realm does not exist' }, { status: 404 });
  let text: string;
  try {
    text = await readBodyText(req, TOKEN_FORM_LIMIT);
  } catch (err) {
    if (err instanceof BodyTooLargeError) return Response.json({ error: 'invalid_request', error_description: err.message }, { status: 413 });
    throw err;
  }
  const form = new URLSearchParams(text);
  const { status, body } = await tokenGrant(form);
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } });
}
