// Small request helpers of the /h5p routes.
import { z } from 'zod';

/** The ?token= of the request (embeds and the workspace pages pass it; it goes into the AJAX addresses). */
export const bearerQueryToken = (url: URL): string | undefined => url.searchParams.get('token') || undefined;

export const languageQuery = z.object({ language: z.string().regex(/^[a-zA-Z-]{2,10}$/).default('en') }).loose();

export const contentIdParams = z.object({ contentId: z.string().min(1).max(100) });

/** Any JSON body: the H5P services check it themselves with the spec's texts. */
export const anyBody = z.unknown();
