'use client';
// The item's rights of use as the page shows them, held once for the player bar's "Rights of use" dialog and the
// Details tab (its list and, for the owner or an editor, its form): a save updates both without a server render,
// so the player keeps its token and state. The revision the form saves on top of travels with it (409 otherwise).
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Rights } from '@/lib/h5p/content/rights';
import type { OriginNoteValue } from '@/components/content/OriginNote';

/** The rights of use (H5P metadata) and, for a marketplace clone, where it came from. */
export interface RightsOfUse extends Rights {
  origin?: OriginNoteValue | null;
}

interface RightsState {
  rights: RightsOfUse;
  revision: string | null;
  saved: (rights: Rights, revision: string | null) => void;
}

const RightsContext = createContext<RightsState | null>(null);

export function RightsOfUseProvider({
  initial,
  revision,
  children,
}: {
  initial: RightsOfUse;
  revision: string | null;
  children: ReactNode;
}) {
  const [state, setState] = useState({ rights: initial, revision });
  const saved = (rights: Rights, rev: string | null) =>
    setState((s) => ({ rights: { ...rights, origin: s.rights.origin ?? null }, revision: rev ?? s.revision }));
  return <RightsContext.Provider value={{ ...state, saved }}>{children}</RightsContext.Provider>;
}

/** The rights inside a RightsOfUseProvider, else `fallback`. */
export function useRightsOfUse(fallback?: RightsOfUse): RightsState | { rights: RightsOfUse; revision: null; saved: null } {
  const ctx = useContext(RightsContext);
  if (ctx) return ctx;
  if (!fallback) throw new Error('useRightsOfUse needs a RightsOfUseProvider or a fallback');
  return { rights: fallback, revision: null, saved: null };
}
