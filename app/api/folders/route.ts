import { z } from 'zod';
import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { createFolder, createFolderBody, FOLDER_ERR, folderListExtra, folderNodeSchema, listFolders } from '@/lib/h5p/content/folders';

export const dynamic = 'force-dynamic';

const tags = ['Folders'];

export const GET = route(
  {
    action: 'list folders',
    auth: 'user',
    tags,
    summary: "The caller's content folders",
    description: 'A flat list by name: each folder with its parentId (null: at the top level) and the number of items directly in it; rootItemCount counts the items in no folder.',
    response: z.array(folderNodeSchema),
    extra: folderListExtra,
    errors: [USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const { folders, rootItemCount } = await listFolders(user);
    return reply(folders, { extra: { rootItemCount } });
  },
);

export const POST = route(
  {
    action: 'create folder',
    auth: 'teacher',
    body: createFolderBody,
    tags,
    summary: 'Create a content folder',
    description: 'At the top level, or inside one of the caller\'s folders (parentId). Folders nest at most 8 levels; a name (1–100 characters) is unique among its siblings, case-insensitively.',
    status: 201,
    response: folderNodeSchema,
    errors: [USER_ERR.notFound, FOLDER_ERR.notFound, FOLDER_ERR.exists, FOLDER_ERR.tooDeep],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await createFolder(user, ctx.body), { status: 201 });
  },
);
