import { ADMIN_ERRORS, assertAdmin, assertSuperAdmin } from '@/lib/admin/manage';
import { hiddenTypes, hiddenTypesBody, hiddenTypesSchema, setHiddenTypes } from '@/lib/h5p';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const contract = { tags: ['Admin'] };

// GET /api/admin/content-types/hidden: the content types left out of the create page and the editor's selector
export const GET = route(
  {
    ...contract,
    action: 'load hidden content types',
    summary: 'The content types hidden from authoring (they cannot work here), with reasons; the defaults until edited (admin)',
    response: hiddenTypesSchema,
    errors: [ADMIN_ERRORS.admin],
  },
  async ({ principal }) => {
    assertAdmin(principal);
    return reply(await hiddenTypes());
  },
);

// PUT /api/admin/content-types/hidden {types: [{machineName, reason}]}: replaces the list for the whole service (super_admin; audited)
export const PUT = route(
  {
    ...contract,
    action: 'save hidden content types',
    body: hiddenTypesBody,
    summary: 'Replace the list of content types hidden from authoring, for every tenant (super_admin; audited)',
    response: hiddenTypesSchema,
    message: true,
    errors: [ADMIN_ERRORS.admin, ADMIN_ERRORS.superAdmin],
  },
  async ({ principal, user, body }) => {
    assertSuperAdmin(principal);
    return reply(await setHiddenTypes(user?.id, body), { message: 'Hidden content types saved' });
  },
);
