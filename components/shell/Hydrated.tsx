'use client';
// Marks the document once React has hydrated it (html[data-hydrated]); browser tests wait for it before they
// interact with client-side controls, so a click is never swallowed by a page that is not interactive yet.
import { useEffect } from 'react';

export function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '1';
  }, []);
  return null;
}
