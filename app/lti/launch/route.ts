import { route } from '@/lib/http/route';
import { formParams, redirect } from '@/lib/lti/http';
import { LTI_ERR } from '@/lib/lti/errors';
import { launch } from '@/lib/lti/launch';

export const dynamic = 'force-dynamic';

// The platform form-posts the id_token (and the state of our login redirect) here: verified, nonce consumed,
// then on to the target with a short-lived launch token in the URL (lib/lti/launch.ts).
export const POST = route({
  action: 'launch',
  auth: 'none',
  tier: 'LTI',
  rawBody: true,
  summary: 'LTI 1.3 launch: the platform form-posts a signed id_token; redirects to the target with a short-lived launch token',
  tags: ['LTI'],
  requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required: ['id_token'], properties: { id_token: { type: 'string' }, state: { type: 'string' } } } } } },
  status: 302,
  response: { kind: 'redirect', description: 'redirect (Location): the target_link_uri, else /workspace?lti=true&resource=<id>, else /workspace?lti=true; deep linking: the content picker' },
  errors: [LTI_ERR.missingParameter, LTI_ERR.invalidLaunch, LTI_ERR.unregistered, LTI_ERR.badNonce, LTI_ERR.badFormat, LTI_ERR.invalidToken, LTI_ERR.notConfigured],
}, async (ctx) => {
  const form = await formParams(ctx.req);
  const { location } = await launch(form.get('id_token') || undefined, form.get('state') || undefined, null);
  return redirect(location);
});
