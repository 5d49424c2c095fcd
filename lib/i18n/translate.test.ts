import { describe, expect, it } from 'vitest';
import { translatorFor } from './translate';

describe('the delete dialogs’ warnings (issue 25 item 5)', () => {
  it('say how many selected items are public and how many are used in collections, in English', () => {
    const t = translatorFor('en', 'content');
    expect(t('list.bulkDeletePublicWarning', { public: 2 })).toBe('2 of them are public: they leave the marketplace, and collections that use them show them as removed by their author.');
    expect(t('list.bulkDeleteCollectionsWarning', { items: 1 })).toBe('1 of them is used in collections, which will show it as removed by its author.');
    expect(t('list.bulkDeleteBothWarning', { public: 1, items: 3 })).toBe('1 of them is public and 3 are used in collections: public items leave the marketplace, and collections show deleted items as removed by their author.');
    expect(t('actions.deleteCollectionsWarning', { count: 2 })).toBe('It is in 2 collections, which will show it as removed by its author.');
  });

  it('and in German', () => {
    const t = translatorFor('de', 'content');
    expect(t('list.bulkDeletePublicWarning', { public: 1 })).toBe('1 Inhalt davon ist öffentlich: Er verschwindet aus dem Marktplatz, und Sammlungen, die ihn nutzen, zeigen ihn als von der Autorin oder dem Autor entfernt.');
    expect(t('list.bulkDeleteCollectionsWarning', { items: 2 })).toBe('2 davon werden in Sammlungen genutzt, die sie dann als von der Autorin oder dem Autor entfernt zeigen.');
    expect(t('list.bulkDeleteBothWarning', { public: 2, items: 1 })).toBe(
      '2 davon sind öffentlich und 1 wird in Sammlungen genutzt: Öffentliche Inhalte verschwinden aus dem Marktplatz, und Sammlungen zeigen gelöschte Inhalte als von der Autorin oder dem Autor entfernt.',
    );
    expect(t('actions.deleteCollectionsWarning', { count: 1 })).toBe('Er ist in 1 Sammlung enthalten, die ihn dann als von der Autorin oder dem Autor entfernt zeigt.');
  });
});
