// The public entry of the collections feature: what other features (lib/*) may use.
export { addItems, COLLECTION_ERR, COLLECTION_NOT_FOUND, createCollection, searchCollections, suggestions } from './service';
