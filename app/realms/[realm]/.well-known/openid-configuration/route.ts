// OpenID discovery document of the embedded identity provider (the parts a client of it uses).
import { realmMatches } from '@/lib/auth/embedded-idp';
import { realmUrl } from '@/lib/auth/idp';
import { config } from '@/lib/config';

export const dynamic = 'force-dynamic';

export async function GET(_req: Request, { params }: { params: Promise<{ realm: string }> }) {
  const { realm } = await params;
  if (!realmMatches(realm)) return Response.json({ error: 'Realm does not exist' }, { status: 404 });
  const issuer = realmUrl(config().idp.baseUrl);
  return Response.json({
    issuer,
    token_endpoint: `${issuer}/protocol/openid-connect/token`,
    jwks_uri: `${issuer}/protocol/openid-connect/certs`,
    grant_types_supported: ['password', 'refresh_token'],
    id_token_signing_alg_values_supported: ['RS256'],
  });
}
