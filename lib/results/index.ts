// The public entry of the results feature: what other features (lib/*) may use.
export { passbackText } from './analytics';
export type { GradingContext } from './intake';
export { stateIdOf } from './statements';
