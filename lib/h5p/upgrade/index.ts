// Server-side mass content upgrade (issue 28 item 1): the public surface of the feature.
export {
  cancelUpgrade,
  itemsQuery,
  jobView,
  listUpgradeJobs,
  startUpgrade,
  startUpgradeBody,
  upgradeItemSchema,
  upgradeItems,
  upgradeJobOf,
  upgradeJobSchema,
  upgradeScope as upgradeScopeOf,
  UPGRADE_ERR,
  UPGRADE_ERRORS,
  type UpgradeItemView,
  type UpgradeJobView,
} from './jobs';
export { kickUpgrades, startUpgradeRunner, stopUpgradeRunner } from './runner';
export { upgradableTypes, upgradableTypesSchema, type UpgradableType } from './overview';
export { upgradeOnImport } from './on-import';
