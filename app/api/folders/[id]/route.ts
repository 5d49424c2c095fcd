import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { deleteFolder, deleteResultSchema, FOLDER_ERR, folderNodeSchema, folderParams, updateFolder, updateFolderBody } from '@/lib/h5p/content/folders';

export const dynamic = 'force-dynamic';

const tags = ['Folders'];

export const PATCH = route(
  {
    action: 'update folder',
    auth: 'teacher',
    params: folderParams,
    body: updateFolderBody,
    tags,
    summary: 'Rename or move a content folder (owner)',
    description: 'parentId null moves the folder to the top level. A folder cannot move into itself or its subfolders, nor deeper than 8 levels.',
    response: folderNodeSchema,
    errors: [USER_ERR.notFound, FOLDER_ERR.notFound, FOLDER_ERR.exists, FOLDER_ERR.cycle, FOLDER_ERR.tooDeep],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await updateFolder(user, ctx.params.id, ctx.body));
  },
);

export const DELETE = route(
  {
    action: 'delete folder',
    auth: 'teacher',
    params: folderParams,
    tags,
    summary: 'Delete a content folder (owner)',
    description:
      'Deletes no content: the folder\'s items move to its parent folder (or the top level) and its subfolders move up one level, renamed "<name> (2)" when the parent already has a folder of that name.',
    response: deleteResultSchema,
    message: true,
    errors: [USER_ERR.notFound, FOLDER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await deleteFolder(user, ctx.params.id), { message: 'Folder deleted' });
  },
);
