import { adminInstall, adminInstallSchema, CONTENT_TYPE_ERR, installBody } from '@/lib/admin/content-types';
import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
export const maxDuration = 300;

// POST /api/admin/content-types/install {machineName}: install or update one content type from the hub (audited)
export const POST = route(
  {
    action: 'install library',
    body: installBody,
    summary: 'Install or update one content type from the H5P Hub (admin; audited)',
    tags: ['Admin'],
    response: adminInstallSchema,
    message: true,
    errors: [ADMIN_ERRORS.admin, CONTENT_TYPE_ERR.notOnHub, CONTENT_TYPE_ERR.hubUnreachable],
  },
  async ({ principal, user, body }) => {
    assertAdmin(principal);
    const data = await adminInstall(principal!, user?.id, body.machineName);
    return reply(data, { message: `Library ${data.machineName} installed successfully` });
  },
);
