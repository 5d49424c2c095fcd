// The player's preloaded states from memory (preloadIntegration) are what H5P's own ContentUserDataManager makes of
// the same stored states: the library's transform, asked through its public method with the states as our storage
// answers them (a stand-in store and a permission system that lets the viewer read).
import { ContentUserDataManager, type IContentUserData, type IContentUserDataStorage, type IPermissionSystem, type IUser } from '@lumieducation/h5p-server';
import { describe, expect, it } from 'vitest';
import { preloadIntegration } from './user-data';

const viewer: IUser = { id: 'viewer', name: 'V', email: 'v@example.test', type: 'local' };
const state = (subContentId: string, userState: string, preload = true, dataType = 'state'): IContentUserData => ({
  contentId: 'c1',
  userId: 'viewer',
  dataType,
  subContentId,
  contextId: undefined,
  userState,
  invalidate: false,
  preload,
});

async function libraryAnswer(states: IContentUserData[]) {
  const storage = { getContentUserDataByContentIdAndUser: async () => states.map((s) => ({ ...s })) } as unknown as IContentUserDataStorage;
  const permissions = { checkForUserData: async () => true } as unknown as IPermissionSystem;
  return new ContentUserDataManager(storage, permissions).generateContentUserDataIntegration('c1', viewer);
}

describe('preloadIntegration', () => {
  it.each([
    ['one state', [state('0', '{"a":1}')]],
    ['parts out of order, some not preloaded', [state('2', 'two'), state('0', 'zero'), state('1', 'hidden', false), state('10', 'ten')]],
    ['several data types', [state('0', 'z'), state('0', 'x', true, 'other'), state('3', 'three', true, 'other')]],
    ['nothing preloaded', [state('0', 'z', false)]],
    ['none at all', []],
  ])('%s: what H5P itself preloads', async (_name, states) => {
    expect(preloadIntegration(states)).toEqual(await libraryAnswer(states));
  });

  it('leaves the stored states as they were (they are the cache’s)', () => {
    const states = [state('2', 'two'), state('0', 'zero')];
    const before = JSON.stringify(states);
    preloadIntegration(states);
    expect(JSON.stringify(states)).toBe(before);
  });
});
