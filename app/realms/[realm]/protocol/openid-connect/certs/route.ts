// Keycloak-compatible key set of the embedded identity provider.
import { keySetDocument, realmMatches } from '@/lib/auth/embedded-idp';

export const dynamic = 'force-dynamic';

export async function GET(_req: Request, { params }: { params: Promise<{ realm: string }> }) {
  const { realm } = await params;
  const doc = realmMatches(realm) ? keySetDocument() : null;
  if (!doc) return Response.json({ error: 'Realm does not exist' }, { status: 404 });
  return Response.json(doc, { headers: { 'Cache-Control': 'public, max-age=300' } });
}
