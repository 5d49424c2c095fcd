'use client';
// The iframe snippet that plays this content on another site. Its token is an embed token: it plays this item
// only (no other route accepts it) and lasts 180 days.
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
      <p className="muted">
        The snippet plays this content only and stays valid for 180 days. Viewers play as you: scores are recorded on your account and no
        progress is saved between viewers. For per-learner results, embed through your LMS (LTI).
      </p>
    </div>
  );
}
