// Every /api path without a route of its own: the JSON 404 envelope for every method.
import { apiNotFound } from '@/lib/http/not-found';

export const dynamic = 'force-dynamic';

export { apiNotFound as GET, apiNotFound as HEAD, apiNotFound as POST, apiNotFound as PUT, apiNotFound as PATCH, apiNotFound as DELETE, apiNotFound as OPTIONS };
