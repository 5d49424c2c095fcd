import { reply, route } from '@/lib/http/route';
import { ltiToolConfig } from '@/lib/lti/config';

export const GET = route({ action: 'get LTI configuration', feature: 'lti-integration' }, async () => reply(await ltiToolConfig()));
