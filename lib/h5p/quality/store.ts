// Quality reports (rule 13), cached per content in content_quality_reports: a cached report is returned at
// once; a corrupt cached report is deleted and regenerated; the row goes with the content (cascade).
import { db, Prisma } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { z } from 'zod';
import { CONTENT_NOT_FOUND } from '@/lib/h5p/content/access';
import { log } from '@/lib/log';
import { aiConfigured, aiReport } from './ai';
import { ruleBasedReport } from './rules';
import { qualityReportSchema, type QualityReport } from './schema';

/** GET /h5p/content/:id/quality */
export const qualityResultSchema = z.object({ contentId: z.string(), qualityReport: qualityReportSchema, generatedAt: z.date() });
export type QualityResult = z.infer<typeof qualityResultSchema>;

export async function deleteQualityReport(contentId: string): Promise<void> {
  await db().contentQualityReport.deleteMany({ where: { contentId } });
}

async function generate(contentId: string): Promise<QualityReport> {
  const row = await db().h5pContent.findUnique({ where: { id: contentId }, select: { title: true, mainLibrary: true, parameters: true, metadata: true } });
  if (!row) throw new AppError(404, CONTENT_NOT_FOUND);
  const meta = row.metadata as { mainLibrary?: string } | null;
  if (!meta || typeof meta !== 'object' || !meta.mainLibrary || row.parameters === null || typeof row.parameters !== 'object') {
    throw new AppError(500, 'Failed to generate quality report: content.json or h5p.json is unreadable');
  }
  if (aiConfigured()) {
    try {
      return await aiReport({ title: row.title, mainLibrary: row.mainLibrary, params: row.parameters, metadata: row.metadata });
    } catch (err) {
      log.warn({ err, contentId }, 'AI quality critic failed; using the rule-based critic');
    }
  }
  return ruleBasedReport(row.mainLibrary, row.title, row.parameters);
}

export async function getQualityReport(contentId: string): Promise<QualityResult> {
  const cached = await db().contentQualityReport.findUnique({ where: { contentId } });
  if (cached) {
    const ok = qualityReportSchema.safeParse(cached.report);
    // a background report (background.ts, rule-based) stands until an AI critic is configured to replace it
    const provisional = aiConfigured() && (cached.report as { background?: unknown } | null)?.background === true;
    if (ok.success && !provisional) return { contentId, qualityReport: ok.data, generatedAt: cached.generatedAt };
    if (!ok.success) log.warn({ contentId }, 'corrupt cached quality report deleted; regenerating');
    await deleteQualityReport(contentId);
  }
  const report = await generate(contentId);
  const generatedAt = new Date();
  const data = {
    overallScore: report.overallScore,
    bloomsLevel: report.bloomsLevel,
    accessibilityScore: report.accessibilityScore,
    report: JSON.parse(JSON.stringify(report)) as Prisma.InputJsonValue,
    generatedAt,
  };
  await db().contentQualityReport.upsert({ where: { contentId }, create: { contentId, ...data }, update: data });
  return { contentId, qualityReport: report, generatedAt };
}
