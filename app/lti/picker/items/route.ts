import { z } from 'zod';
import { reply, route } from '@/lib/http/route';
import { BINDING_COOKIE } from '@/lib/lti/binding';
import { pickerItemsSchema, pickerQuery } from '@/lib/lti/deep-link';
import { LTI_ERR } from '@/lib/lti/errors';
import { pickerItemsFor } from '@/lib/lti/flows';

export const dynamic = 'force-dynamic';

// The picker's list: the linked instructor's content and public content (409 until the account is linked), for
// the browser the launch is bound to (403 otherwise).
export const GET = route({ action: 'list content for the picker', auth: 'none', tier: 'LTI', query: pickerQuery.extend({ lti_launch: z.string().max(4000) }), summary: 'The picker\'s list: the linked instructor\'s content and public content', tags: ['LTI'], response: pickerItemsSchema, errors: [LTI_ERR.launchExpired, LTI_ERR.otherBrowser, LTI_ERR.linkFirst] }, async (ctx) => {
  const { lti_launch: token, ...q } = ctx.query;
  return reply(await pickerItemsFor(token, ctx.req.cookies.get(BINDING_COOKIE)?.value ?? null, q));
});
