import { useNonce } from "~/utils/nonce";

/** Inline with the response's nonce: these pages run no other script. The HTML keeps the button hidden, so without
 * JavaScript there is no dead button, just the text whole and selectable. */
const COPY_SCRIPT = [
  "(() => {",
  "for (const button of document.querySelectorAll('button[data-copy]:not([data-ready])')) {",
  "  const source = document.getElementById(button.dataset.copy);",
  "  const status = document.getElementById(button.dataset.copy + '-status');",
  "  if (!source || !status || !navigator.clipboard) continue;",
  "  button.dataset.ready = '';",
  "  button.hidden = false;",
  "  button.addEventListener('click', async () => {",
  "    try { await navigator.clipboard.writeText(source.textContent.trim()); status.textContent = button.dataset.copied; }",
  "    catch { status.textContent = button.dataset.failed; }",
  "  });",
  "}",
  "})();",
].join("\n");

type Props = {
  id: string;
  label: string;
  value: string;
  copy: string;
  copied: string;
  failed: string;
};

export function CopyText({ id, label, value, copy, copied, failed }: Props) {
  const nonce = useNonce() || undefined;
  return (
    <div className="staff-copy">
      <p id={`${id}-label`} className="staff-copy-label">
        {label}
      </p>
      <p className="staff-copy-text" id={id}>
        {value}
      </p>
      <p className="staff-copy-actions">
        <button
          type="button"
          className="staff-button staff-button-quiet"
          data-copy={id}
          data-copied={copied}
          data-failed={failed}
          hidden
        >
          {copy}
        </button>
        <span id={`${id}-status`} className="staff-copy-status" role="status" />
      </p>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: COPY_SCRIPT }} />
    </div>
  );
}
