import { route } from '@/lib/http/route';
import { formParams, redirect } from '@/lib/lti/http';
import { launch } from '@/lib/lti/launch';

export const dynamic = 'force-dynamic';

// The platform form-posts the id_token (and the state of our login redirect) here: verified, nonce consumed,
// then on to the target with a short-lived launch token in the URL (lib/lti/launch.ts).
export const POST = route({ action: 'launch', auth: 'none', tier: 'LTI', rawBody: true }, async (ctx) => {
  const form = await formParams(ctx.req);
  const { location } = await launch(form.get('id_token') || undefined, form.get('state') || undefined, null);
  return redirect(location);
});
