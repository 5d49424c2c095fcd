'use client';
// The LTI 1.3 settings (issue 12 item 6): the tool's addresses and public key to paste into an LMS, step-by-step
// guides for Moodle and Canvas, the registered platforms with their figures (register, edit, remove) and the
// courses launched so far. The first render comes from the server page; changes go through the /lti API with the
// session cookie (callApi), and the lists are read again from it after each change. This file composes the
// sections (components/lti/settings/*): the lists' state is usePlatformList, the form's usePlatformForm.
import { useRef } from 'react';
import type { PlatformRow as PlatformRowOfApi } from '@/lib/lti/platforms';
import { CoursesSection, type ContextRow } from './settings/CoursesSection';
import { GuidesSection } from './settings/GuidesSection';
import { PlatformForm } from './settings/PlatformForm';
import { PlatformsSection } from './settings/PlatformsSection';
import { ToolConfigSection, type ToolConfig } from './settings/ToolConfigSection';
import { usePlatformForm } from './settings/usePlatformForm';
import { usePlatformList } from './settings/usePlatformList';

export type { ContextRow } from './settings/CoursesSection';
export type { ToolConfig } from './settings/ToolConfigSection';

/** One row of GET /lti/platforms: inferred from the route's response schema, never copied by hand */
export type PlatformRow = PlatformRowOfApi;

export function LtiSettings({
  config,
  initialPlatforms,
  initialContexts,
}: {
  config: ToolConfig;
  initialPlatforms: PlatformRow[];
  initialContexts: ContextRow[];
}) {
  const list = usePlatformList(initialPlatforms, initialContexts);
  const form = usePlatformForm(list.refreshPlatforms);
  const platformsTitleRef = useRef<HTMLHeadingElement>(null);

  const remove = async (p: PlatformRow) => {
    await list.remove(p, () => {
      if (form.editing?.id === p.id) form.cancelEdit();
    });
    // the row (and the button that had the focus) is gone: the list's heading takes the focus
    platformsTitleRef.current?.focus();
  };

  return (
    <>
      <ToolConfigSection config={config} />
      <GuidesSection config={config} onPrefillCanvas={form.prefillCanvas} />
      <PlatformsSection
        platforms={list.platforms}
        status={list.status}
        error={list.error}
        titleRef={platformsTitleRef}
        onEdit={form.startEdit}
        onRemove={remove}
        onRetry={list.retryPassback}
      />
      <PlatformForm form={form} />
      <CoursesSection contexts={list.contexts} />
    </>
  );
}
