// The plan features as the plans page groups them (every flag of plans.ts once, in the order a teacher reads them).
import { FEATURE_FLAGS, type FeatureFlag } from './plans';

export const FEATURE_GROUPS = [
  { id: 'ai', features: ['pdf-to-h5p', 'url-to-h5p', 'video-to-h5p', 'image-hotspot', 'branching-scenario', 'bulk-generation', 'differentiation', 'content-remixer'] },
  { id: 'teach', features: ['blooms-critique', 'ai-recommendation', 'lesson-bundle', 'analytics-dashboard'] },
  { id: 'lms', features: ['lti-integration', 'lti-ags', 'lti-nrps', 'scorm-export', 'cmi5-launch'] },
  { id: 'school', features: ['whitelabel'] },
] as const satisfies readonly { id: string; features: readonly FeatureFlag[] }[];

export type FeatureGroupId = (typeof FEATURE_GROUPS)[number]['id'];

/** Flags no group names (none today; a new flag shows up in the last group until it is placed). */
export const UNGROUPED: FeatureFlag[] = FEATURE_FLAGS.filter((f) => !FEATURE_GROUPS.some((g) => (g.features as readonly FeatureFlag[]).includes(f)));
