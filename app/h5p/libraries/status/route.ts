import { essentialsStatus } from '@/lib/h5p/engine/hub';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'get library status', auth: 'user' }, async () => reply(await essentialsStatus()));
