import { useEffect, useState } from 'react';
import { copyText } from './clipboard';

interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's accessible name and the announcement ("the API address"). */
  what: string;
  /** Tells the dialog's live region what happened. */
  onResult(message: string): void;
}

/** A Copy button that says "Copied" for a moment, and announces the result. */
export function CopyButton({ text, what, onResult }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    const ok = await copyText(text);
    setCopied(ok);
    onResult(ok ? `Copied ${what}.` : `Could not copy ${what}: select it and copy it by hand.`);
  };

  return (
    <button className="button copy-button" type="button" aria-label={`Copy ${what}`} onClick={() => void copy()}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
