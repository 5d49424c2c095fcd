// The public entry of the collections feature: what other features (lib/*) may use.
export { addItems, COLLECTION_NOT_FOUND, createCollection, suggestions } from './service';
