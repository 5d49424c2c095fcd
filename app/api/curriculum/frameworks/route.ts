import { listFrameworks } from '@/lib/curriculum/read';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'get frameworks', auth: 'none' }, async () => reply(await listFrameworks()));
