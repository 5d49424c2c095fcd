'use client';
// The import page's body: the folder tree beside the drop zone. The folder chosen in the tree (kept in ?folder=)
// is where the imported items land; each imported item can move elsewhere with "Move to folder…".
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '@/components/shared/api';
import { FolderTree, type FolderNode } from './FolderTree';
import { ImportDropzone } from './ImportDropzone';
import styles from './ImportWorkspace.module.css';

export interface ImportWorkspaceProps {
  initialFolders: FolderNode[];
  initialRootCount: number;
  /** the folder named by ?folder= when it is the caller's */
  initialFolderId: string | null;
}

export function ImportWorkspace({ initialFolders, initialRootCount, initialFolderId }: ImportWorkspaceProps) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [folders, setFolders] = useState(initialFolders);
  const [rootCount, setRootCount] = useState(initialRootCount);
  const [selected, setSelected] = useState<string | null>(initialFolderId);

  const reload = useCallback(async () => {
    try {
      const res = await callApi<FolderNode[]>('GET', '/api/folders');
      setFolders(res.data);
      setRootCount(typeof res.rootItemCount === 'number' ? res.rootItemCount : 0);
    } catch {
      /* the tree keeps what it showed; the next change reloads again */
    }
  }, []);

  // a folder deleted elsewhere: back to the top level
  useEffect(() => {
    if (selected && !folders.some((f) => f.id === selected)) setSelected(null);
  }, [folders, selected]);

  const select = (id: string | null) => {
    setSelected(id);
    const q = new URLSearchParams(params.toString());
    if (id) q.set('folder', id);
    else q.delete('folder');
    router.replace(q.size ? `${pathname}?${q.toString()}` : pathname, { scroll: false });
  };

  const folderName = selected ? folders.find((f) => f.id === selected)?.name : undefined;
  return (
    <div className={styles.layout}>
      <aside className={styles.aside}>
        <FolderTree folders={folders} selectedId={selected} onSelect={select} onChanged={() => void reload()} rootItemCount={rootCount} />
      </aside>
      <div className={styles.main}>
        <ImportDropzone folderId={selected} folderName={folderName} folders={folders} onImported={() => void reload()} onFoldersChanged={() => void reload()} />
      </div>
    </div>
  );
}
