// Clone of public content, in the spec's order: (1) the source exists and is public; (2) the caller's
// content quota (taken atomically, given back on failure); (3) the content copied — row and files; (4) the
// copy's ownership recorded as private; (5) the curriculum metadata copied; (6) the caller's counter (taken
// in step 2); (7) the source's view count raised after the response is decided, without delaying it.
// Steps 2–6 are the shared copy (lib/h5p/content/copy.ts): a failed clone leaves no partial copy. The copy is named
// `title` when given (default: the source's title) and recorded as a clone of the source (content_clones) in the
// same transaction: the marketplace item page's clones count and "You cloned this" notice read it. The copy's row
// keeps its origin as it is at clone time — the source's id, title, author name and licence (issue 25 item 7).
// Licences (issue 28 item 3): a source whose licence forbids derivatives (ND) is refused before anything is taken
// (403; adding it to a collection and embedding it still work); the copy keeps the source's licence and authors (the
// marketplace author is named as its Author when it lists none) and adds an entry to its H5P change log —
// "Copied from “<title>” by <author>", dated now and signed by the cloning teacher.
import { db, Prisma } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { log } from '@/lib/log';
import { copyContent, COPY_SOURCE_SELECT } from '@/lib/h5p';
import { forbidsDerivatives, licenceOf } from './licence';
import { CONTENT_LIMIT_REACHED, CONTENT_NOT_PUBLIC, MARKETPLACE_ERR } from './schemas';
import { noDerivativesMessage } from '@/lib/content/licence';

/** The author name a clone records when the source's author has none (as the marketplace list shows them). */
export const ANONYMOUS_AUTHOR = 'Anonymous';

export async function cloneContent(sourceId: string, userId: string, opts: { title?: string; userName?: string | null } = {}): Promise<{ contentId: string }> {
  // (1) source must exist and be public (the content row too: unreadable content cannot be cloned)
  const source = await db().h5pContent.findFirst({
    where: { id: sourceId, ownership: { is: { visibility: 'public' } } },
    select: { ...COPY_SOURCE_SELECT, ownership: { select: { user: { select: { name: true } } } } },
  });
  if (!source) throw new AppError(404, CONTENT_NOT_PUBLIC);
  const licence = licenceOf(source.metadata);
  if (forbidsDerivatives(licence)) throw new AppError(403, noDerivativesMessage(licence!), undefined, MARKETPLACE_ERR.noDerivatives.code);
  const author = source.ownership?.user?.name?.trim() || ANONYMOUS_AUTHOR;

  // (2)–(6)
  const copy = await copyContent(source, userId, {
    quotaExceeded: new AppError(403, CONTENT_LIMIT_REACHED),
    recordClone: true,
    origin: {
      contentId: source.id,
      title: source.title,
      author,
      license: licence,
    },
    change: { author: opts.userName?.trim() || ANONYMOUS_AUTHOR, log: `Copied from “${source.title}” by ${author}`, authorIfNone: author },
    ...(opts.title !== undefined ? { title: opts.title } : {}),
  }).catch((err: unknown) => {
    // the source was deleted while it was being copied: its clone record has nothing to point at
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2003') throw new AppError(404, CONTENT_NOT_PUBLIC);
    throw err;
  });

  // (7) the source's view count, not awaited: the response does not wait for it
  void db()
    .contentOwnership.update({ where: { contentId: source.id }, data: { viewCount: { increment: 1 } } })
    .catch((err) => log.warn({ err, contentId: source.id }, 'could not raise the view count of a cloned content'));

  return copy;
}
