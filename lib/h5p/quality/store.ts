// The quality report cache (content_quality_reports): one row per content, deleted with the content.
import { db } from '@/lib/db/client';

export async function deleteQualityReport(contentId: string): Promise<void> {
  await db().contentQualityReport.deleteMany({ where: { contentId } });
}
