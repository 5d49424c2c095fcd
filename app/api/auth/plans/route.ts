import { reply, route } from '@/lib/http/route';
import { allPlans } from '@/lib/plans/view';

export const GET = route({ action: 'get plans', auth: 'none' }, async () => reply(allPlans()));
