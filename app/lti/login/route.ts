import { route } from '@/lib/http/route';
import { formParams, redirect } from '@/lib/lti/http';
import { LTI_ERR } from '@/lib/lti/errors';
import { initiateLogin, pruneNonces } from '@/lib/lti/launch';

const field = { type: 'string' };
const loginForm = {
  required: true,
  content: {
    'application/x-www-form-urlencoded': {
      schema: { type: 'object', required: ['iss', 'login_hint', 'target_link_uri'], properties: { iss: field, login_hint: field, target_link_uri: field, lti_message_hint: field, lti_deployment_id: field, client_id: field } },
    },
  },
};

export const dynamic = 'force-dynamic';

// OIDC third-party-initiated login (the address /lti/config reports as loginUrl): GET or POST from the platform,
// answered with a redirect to the platform's authorization endpoint (lib/lti/launch.ts).
const login = route({
  action: 'start the LTI login',
  auth: 'none',
  tier: 'LTI',
  rawBody: true,
  summary: 'OIDC third-party-initiated login (the loginUrl): redirects to the platform\'s authorization endpoint with state and nonce',
  description: 'The parameters come in the query (GET) or as a form (POST): iss, login_hint and target_link_uri are required (`Missing iss parameter`, `Missing login_hint parameter`, `Missing target_link_uri parameter`).',
  tags: ['LTI'],
  requestBody: loginForm,
  status: 302,
  response: { kind: 'redirect', description: 'redirect (Location) to the platform\'s authLoginUrl' },
  errors: [LTI_ERR.missingParameter, LTI_ERR.unregistered, LTI_ERR.notConfigured],
}, async (ctx) => {
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
