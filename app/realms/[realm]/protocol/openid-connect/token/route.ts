// Keycloak-compatible token endpoint of the embedded identity provider (404 when an external IdP is configured).
import { realmMatches, tokenGrant } from '@/lib/auth/embedded-idp';

export const dynamic = 'force-dynamic';

export async function POST(req: Request, { params }: { params: Promise<{ realm: string }> }) {
  const { realm } = await params;
  if (!realmMatches(realm)) return Response.json({ error: 'Realm does not exist' }, { status: 404 });
  const form = new URLSearchParams(await req.text());
  const { status, body } = await tokenGrant(form);
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } });
}
