import { listContentTypes } from '@/lib/h5p/engine/hub';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'get content types', auth: 'user' }, async () => reply({ contentTypes: await listContentTypes() }));
