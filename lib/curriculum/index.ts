// The public entry of the curriculum feature: what other features (lib/*) may use.
export { checkHealth } from './client';
export { saveMetadata } from './metadata';
export { syncLogView } from './read';
export { metadataBody, type MetadataInput } from './schemas';
export { curriculumFromColumns, curriculumSummary, curriculumSummarySchema, qualitySummary, qualitySummarySchema, type CurriculumColumns, type CurriculumSummary, type QualitySummary } from './summary';
export { FRAMEWORK_NOT_FOUND, syncFramework, syncFrameworks } from './sync';
