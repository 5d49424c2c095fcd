'use client';
// The library with its folder tree (issue 25 item 4): the tree beside the items on desktop (a select on phones is the
// tree's own narrow layout), "My content" showing everything and a folder its own items; a card dragged onto a
// folder, or "Move to folder…" in its menu, moves it there. The folders reload after every change.
import { useCallback, useState, type ComponentProps } from 'react';
import { callApi } from '@/components/shared/api';
import { MyContent, LIBRARY_CHANGED } from '../MyContent';
import { FolderTree, type FolderNode } from './FolderTree';

type Props = Omit<ComponentProps<typeof MyContent>, 'folders' | 'folderList' | 'onFoldersChanged'> & { initialFolders: FolderNode[]; initialRootCount: number };

export function LibraryWithFolders({ initialFolders, initialRootCount, ...library }: Props) {
  const [folders, setFolders] = useState(initialFolders);
  const [rootCount, setRootCount] = useState(initialRootCount);
  const reload = useCallback(async () => {
    try {
      const res = await callApi<FolderNode[]>('GET', '/api/folders');
      setFolders(res.data);
      setRootCount(typeof res.rootItemCount === 'number' ? res.rootItemCount : 0);
    } catch {
      /* the tree keeps what it showed; the next change reloads again */
    }
  }, []);
  return (
    <MyContent
      {...library}
      folderList={folders}
      onFoldersChanged={() => void reload()}
      folders={(current, select) => (
        <FolderTree
          folders={folders}
          rootItemCount={rootCount}
          selectedId={current && current !== 'root' ? current : null}
          onSelect={(id) => select(id ?? '')}
          onChanged={() => {
            void reload();
            window.dispatchEvent(new Event(LIBRARY_CHANGED));
          }}
        />
      )}
    />
  );
}
