'use client';
// The iframe snippet that plays this content on another site (the token authenticates the viewer).
import { useState } from 'react';

export function EmbedSnippet({ appUrl, contentId, token }: { appUrl: string; contentId: string; token: string }) {
  const [copied, setCopied] = useState(false);
  const src = `${appUrl}/h5p/embed/${encodeURIComponent(contentId)}?token=${encodeURIComponent(token)}`;
  const snippet = `<iframe src="${src}" width="800" height="600" frameborder="0" allowfullscreen allow="fullscreen" title="H5P content"></iframe>`;
  return (
    <div>
      <textarea readOnly value={snippet} rows={3} style={{ width: '100%' }} data-testid="embed-snippet" />
      <button type="button" onClick={() => navigator.clipboard?.writeText(snippet).then(() => setCopied(true))}>
        {copied ? 'Copied' : 'Copy embed code'}
      </button>
      <p className="muted">The snippet carries your current access token, which expires; regenerate it from this page when needed.</p>
    </div>
  );
}
