// Server-side mass content upgrade (issue 28 item 1): the public surface of the feature.
export {
  cancelUpgrade,
  itemsQuery,
  jobView,
  kickUpgrades,
  listUpgradeJobs,
  startUpgrade,
  startUpgradeBody,
  startUpgradeRunner,
  stopUpgradeRunner,
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
export { upgradableTypes, upgradableTypesSchema, type UpgradableType } from './overview';
export { upgradeOnImport } from './on-import';
