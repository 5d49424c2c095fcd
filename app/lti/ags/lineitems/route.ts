import { reply, requireUser, route } from '@/lib/http/route';
import { z } from 'zod';
import { LTI_ERR } from '@/lib/lti/errors';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';
import { platformFor } from '@/lib/lti/platforms';
import { createdLineItemSchema, createLineItem, lineItemBody, lineItemSchema, listLineItems, serviceQuery } from '@/lib/lti/services';

export const dynamic = 'force-dynamic';

const opts = { feature: 'lti-ags', unauthorizedText: LTI_UNAUTHORIZED } as const;

export const GET = route({ ...opts, action: 'list line items', query: serviceQuery, summary: 'A course\'s line items (AGS)', tags: ['LTI'], response: z.array(lineItemSchema), errors: [LTI_ERR.platformUnusable, LTI_ERR.agsMissing, LTI_ERR.listLineItems, LTI_ERR.tokenRequest] }, async (ctx) => {
  const p = await platformFor({ user: requireUser(ctx), principal: ctx.principal }, ctx.query.platformId);
  return reply(await listLineItems(p, ctx.query.contextId));
});

export const POST = route({ ...opts, action: 'create line item', body: lineItemBody, summary: 'Create a line item (AGS)', tags: ['LTI'], status: 201, response: createdLineItemSchema, errors: [LTI_ERR.platformUnusable, LTI_ERR.agsMissing, LTI_ERR.createLineItem, LTI_ERR.tokenRequest] }, async (ctx) => {
  const { platformId, contextId, ...item } = ctx.body;
  const p = await platformFor({ user: requireUser(ctx), principal: ctx.principal }, platformId);
  return reply(await createLineItem(p, contextId, item), { status: 201 });
});
