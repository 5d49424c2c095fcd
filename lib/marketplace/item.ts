// One public marketplace item for its page (/marketplace/<id>): the item, its author, type (slug and the installed
// library's title), curriculum, quality (the cached report; the rule-based one is generated on the spot when none
// exists yet), views, clones and the viewer's latest clone of it. Content that is not public (or has no content
// row) is null: the page answers 404 like unknown content.
import { itemBloomsLevel, type BloomLevel } from '@/lib/content/blooms';
import { contentTypeSlug, machineNameOf } from '@/lib/content/types';
import { curriculumSummary, type CurriculumSummary } from '@/lib/curriculum';
import { db, Prisma } from '@/lib/db/client';
import { generateBackgroundReport, typeFacts } from '@/lib/h5p';
import { describe, descriptionSql } from './description';
import { licenceOf } from './licence';
import type { Locale } from '@/lib/i18n/config';
import { log } from '@/lib/log';

export interface MarketplaceItem {
  id: string;
  title: string;
  authorId: string;
  /** the author's name; null when they have none (the page says "Anonymous" in the reader's language) */
  authorName: string | null;
  contentTypeSlug: string;
  /** the installed library's title, in the reader's language where H5P translates it (null when the library is not installed) */
  contentTypeTitle: string | null;
  /** the content type's icon URL (null when the library ships none or is not installed) */
  typeIcon: string | null;
  /** the H5P licence of the content's metadata ("CC BY-SA 4.0", "U"); null when none is set */
  license: string | null;
  /** the content's introduction (question, task or intro) as plain text; null when it has none */
  description: string | null;
  curriculum: CurriculumSummary | null;
  quality: { overallScore: number; bloomsLevel: string } | null;
  /** the item's Bloom's level (lib/content/blooms.ts: its report's, else its content type's; null: neither) */
  bloomsLevel: BloomLevel | null;
  viewCount: number;
  cloneCount: number;
  publishedAt: Date | null;
  /** the viewer's latest clone of this item: when, and the copy's id (null once the copy is deleted) */
  viewerClone: { clonedAt: Date; contentId: string | null } | null;
}

async function qualityOf(contentId: string): Promise<MarketplaceItem['quality']> {
  const read = () => db().contentQualityReport.findUnique({ where: { contentId }, select: { overallScore: true, bloomsLevel: true } });
  let report = await read();
  if (!report) {
    // the rule-based critic is cheap: compute the report now rather than show none
    const made = await generateBackgroundReport(contentId).catch((err: unknown) => {
      log.warn({ err, contentId }, 'could not compute the quality report of a marketplace item');
      return false;
    });
    if (made) report = await read();
  }
  return report ? { overallScore: report.overallScore, bloomsLevel: report.bloomsLevel } : null;
}

/** The item for its page; the type's title in `locale` (the reader's language) where H5P ships a translation. */
export async function publicItem(contentId: string, viewerId: string, locale = 'en'): Promise<MarketplaceItem | null> {
  const row = await db().h5pContent.findFirst({
    where: { id: contentId, ownership: { is: { visibility: 'public' } } },
    select: {
      id: true,
      title: true,
      mainLibrary: true,
      ownership: { select: { userId: true, viewCount: true, publishedAt: true, user: { select: { name: true } } } },
    },
  });
  if (!row || !row.ownership) return null;
  const machineName = machineNameOf(row.mainLibrary);
  const [types, meta, quality, cloneCount, viewerClone, texts] = await Promise.all([
    typeFacts([machineName], locale),
    db().contentCurriculumMetadata.findUnique({ where: { contentId } }),
    qualityOf(contentId),
    db().contentClone.count({ where: { sourceContentId: contentId } }),
    db().contentClone.findFirst({
      where: { sourceContentId: contentId, userId: viewerId },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true, cloneContentId: true },
    }),
    // the licence and the introduction are read where the row is (the parameters stay in the database)
    db().$queryRaw<{ license: string | null; license_version: string | null; description: string | null }[]>`
      SELECT h.metadata ->> 'license' AS license, h.metadata ->> 'licenseVersion' AS license_version, ${descriptionSql(Prisma.sql`h.parameters`)} AS description
        FROM h5p_contents h WHERE h.id = ${contentId}`,
  ]);
  const type = types.get(machineName);
  const text = texts[0];
  return {
    id: row.id,
    title: row.title,
    authorId: row.ownership.userId,
    authorName: row.ownership.user?.name?.trim() || null,
    contentTypeSlug: contentTypeSlug(row.mainLibrary),
    contentTypeTitle: type?.title ?? null,
    typeIcon: type?.icon ?? null,
    license: text ? licenceOf({ license: text.license, licenseVersion: text.license_version }) : null,
    description: describe(text?.description, 1000),
    curriculum: curriculumSummary(meta),
    quality,
    bloomsLevel: itemBloomsLevel({ mainLibrary: row.mainLibrary, reportLevel: quality?.bloomsLevel }),
    viewCount: row.ownership.viewCount,
    cloneCount,
    publishedAt: row.ownership.publishedAt,
    viewerClone: viewerClone ? { clonedAt: viewerClone.createdAt, contentId: viewerClone.cloneContentId } : null,
  };
}

/** The item page's dates per interface language: English as `22 November 2026` (day first), German `22. November 2026`. */
const DATE_LOCALES: Record<Locale, string> = { en: 'en-GB', de: 'de-DE' };

/** A date as the item page shows it in the reader's language (UTC, so every instance renders the same). */
export function displayDate(d: Date, locale: Locale = 'en'): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
}
