// The public entry of the H5P feature: what other features (lib/*) may use. Inside lib/h5p, modules import each
// other by path; from another feature, only through here (ESLint: no-restricted-imports in eslint.config.mjs).
//   engine/  Lumi's H5P server over our storages, permissions, hub, the semantics filter
//   content/ the read rule, create/update/copy/import, media
//   export/  .h5p, SCORM, cmi5 packages          player/ the player page and its origin
//   quality/ quality reports                      http/   the H5P routes' own helpers (used by app/h5p only)
//   content-types/ the create page's type picker: translated titles (typeTitle), categories, hidden types
export {
  assertCanRead,
  canReadContent,
  contentAccessFacts,
  CONTENT_NOT_FOUND,
  mayManageContentData,
  mayRead,
  readerOf,
  readerTenant,
  type ContentAccessFacts,
  type Reader,
} from './content/access';
export { contentRoleOf, isOwnerOrEditor, type ContentRole } from './content/roles';
export { createContent } from './content/content';
export { forgetContent } from './content/content-cache';
export { copyContent, COPY_SOURCE_SELECT } from './content/copy';
export { MEDIA_ERR, storeUpload } from './content/media';
export { typeFacts, type TypeFacts } from './content/type-icons';
export { essentialsPlan, essentialsStatus, HUB_TYPE_NOT_FOUND, HUB_UNREACHABLE, hubReachable, installedLibraries, installFromHub } from './engine/hub';
export { actorOf, type H5pActor } from './engine/permissions';
export { typeSummary, typeTitle } from './content-types/titles';
export { categoriesOf, TYPE_CATEGORIES, type TypeCategory } from './content-types/categories';
export { createCatalog, createCatalogSchema, recentlyUsedTypes, type CreateCatalog, type PickerType } from './content-types/catalog';
export {
  DEFAULT_HIDDEN_TYPES,
  hiddenMachineNames,
  hiddenTypes,
  hiddenTypesBody,
  hiddenTypesSchema,
  setHiddenTypes,
  type HiddenType,
  type HiddenTypes,
} from './content-types/hidden';
export { escapeText, filterParams, type SemanticsField } from './engine/sanitize';
export { h5p, semanticsLoader } from './engine/server';
export { tempKey } from './engine/storage/temporary-storage';
export { playerOrigin } from './player/player-origin';
export { generateBackgroundReport } from './quality/background';
export { thumbnailUrlOf } from './content/thumbnail';
