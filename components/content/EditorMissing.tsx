// Shown instead of the editor when its files (h5p-editor-php-library) are not installed.
export function EditorMissing() {
  return (
    <div data-testid="editor-missing">
      <p>
        <strong>The H5P editor is not installed on this server.</strong> Playing, importing, exporting and the API work without it.
      </p>
      <p>To add the editor, either:</p>
      <ul>
        <li>run <code>npm run setup:h5p</code> on a machine that can reach GitHub (it downloads h5p-editor-php-library at a pinned commit and checks it), or</li>
        <li>set <code>H5P_EDITOR_DIR</code> to a local copy of h5p-editor-php-library and restart (or run <code>npm run setup:h5p</code> to copy it).</li>
      </ul>
      <p>Meanwhile, create content by importing a <code>.h5p</code> package or through <code>POST /h5p/content</code>.</p>
    </div>
  );
}
