// The answer for a path no route serves under /api: the JSON 404 envelope (rate-limited like a public read),
// never the HTML not-found page.
import { AppError } from '@/lib/errors';
import { route } from './route';

export const apiNotFound = route({ action: 'find the route', auth: 'none', response: { kind: 'json', description: 'never answers with success: 404 Not found' } }, async () => {
  throw new AppError(404, 'Not found');
});
