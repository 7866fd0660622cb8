import { CopyButton } from './copy-button.tsx';
import './api-keys.css';

/** A shell command with a copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="smena-code-block">
      <pre className="smena-code-block__pre" aria-label={label} tabIndex={0}>
        <code>{code}</code>
      </pre>
      <CopyButton text={code} size="small" className="smena-code-block__copy" />
    </div>
  );
}
