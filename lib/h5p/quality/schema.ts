// The quality report (spec "Quality report") and the shape an AI critic must answer with.
import { z } from 'zod';
import { bloomLevelSchema } from '@/lib/content/blooms';

export const bloomsLevel = bloomLevelSchema;
const score = z.number().min(0).max(100);

export const qualityReportSchema = z.object({
  overallScore: score,
  bloomsLevel,
  strengths: z.array(z.string().max(500)).max(20),
  improvements: z.array(z.string().max(500)).max(20),
  accessibilityScore: score,
  dimensions: z.record(z.string(), score),
  critic: z.enum(['rules', 'ai']).optional(),
});

export type QualityReport = z.infer<typeof qualityReportSchema>;

/** What the AI critic must return (the dimensions are required there too). */
export const aiAnswerSchema = qualityReportSchema.omit({ critic: true }).extend({
  dimensions: z.object({ clarity: score, feedback: score, engagement: score, cognitiveLevel: score, accessibility: score }).catchall(score),
});
