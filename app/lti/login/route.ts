import { route } from '@/lib/http/route';
import { formParams, redirect } from '@/lib/lti/http';
import { initiateLogin, pruneNonces } from '@/lib/lti/launch';

export const dynamic = 'force-dynamic';

// OIDC third-party-initiated login (the address /lti/config reports as loginUrl): GET or POST from the platform,
// answered with a redirect to the platform's authorization endpoint (lib/lti/launch.ts).
const login = route({ action: 'start the LTI login', auth: 'none', tier: 'LTI', rawBody: true }, async (ctx) => {
  const p = await formParams(ctx.req);
  const get = (k: string) => p.get(k) ?? undefined;
  const location = await initiateLogin({
    iss: get('iss'),
    login_hint: get('login_hint'),
    target_link_uri: get('target_link_uri'),
    lti_message_hint: get('lti_message_hint'),
    lti_deployment_id: get('lti_deployment_id'),
    client_id: get('client_id'),
  });
  if (Math.random() < 0.01) void pruneNonces().catch(() => undefined);
  return redirect(location);
});

export const GET = login;
export const POST = login;
