// The licence vocabulary lives in the base layer (lib/content/licence.ts): the H5P feature validates and copies
// licences too, and features do not import each other. Re-exported here for the marketplace's own modules.
export * from '@/lib/content/licence';
