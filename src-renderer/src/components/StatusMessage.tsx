import type { ReactNode } from 'react';

interface StatusMessageProps {
  kind: 'loading' | 'error' | 'empty';
  title?: string;
  children: ReactNode;
  onRetry?: () => void;
}

/**
 * Loading, failure and emptiness, said in words. Loading is a polite live region; an error is an alert
 * with a way to try again.
 */
export function StatusMessage({ kind, title, children, onRetry }: StatusMessageProps) {
  return (
    <div className={`status status--${kind}`} role={kind === 'error' ? 'alert' : 'status'} aria-busy={kind === 'loading' || undefined}>
      {kind === 'loading' && <span className="spinner" aria-hidden="true" />}
      <div className="status__body">
        {title && <p className="status__title">{title}</p>}
        <p className="status__text">{children}</p>
        {onRetry && (
          <button className="button" type="button" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}
