import { listLibraries } from '@/lib/h5p/engine/hub';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'list libraries', auth: 'user' }, async () => reply(await listLibraries()));
