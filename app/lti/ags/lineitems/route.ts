import { reply, requireUser, route } from '@/lib/http/route';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';
import { platformFor } from '@/lib/lti/platforms';
import { createLineItem, lineItemBody, listLineItems, serviceQuery } from '@/lib/lti/services';

export const dynamic = 'force-dynamic';

const opts = { feature: 'lti-ags', unauthorizedText: LTI_UNAUTHORIZED } as const;

export const GET = route({ ...opts, action: 'list line items', query: serviceQuery }, async (ctx) => {
  const p = await platformFor({ user: requireUser(ctx), principal: ctx.principal }, ctx.query.platformId);
  return reply(await listLineItems(p, ctx.query.contextId));
});

export const POST = route({ ...opts, action: 'create line item', body: lineItemBody }, async (ctx) => {
  const { platformId, contextId, ...item } = ctx.body;
  const p = await platformFor({ user: requireUser(ctx), principal: ctx.principal }, platformId);
  return reply(await createLineItem(p, contextId, item), { status: 201 });
});
