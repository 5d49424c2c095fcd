// The public entry of the collections feature: what other features (lib/*) may use.
export { addItems, createCollection, suggestions } from './service';
