'use client';
// The Details tab's licence and authors: the same list as the player bar's "Rights of use" dialog.
import { RightsList, type RightsOfUse } from './PreviewPanel';

export function RightsDetails({ rights }: { rights: RightsOfUse }) {
  return <RightsList rights={rights} />;
}
