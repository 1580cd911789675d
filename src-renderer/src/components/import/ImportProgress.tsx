import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { countOf } from '../../format';
import type { ImportPhase } from './import-store';
import { useAppStores } from '../stores-context';

/** The step in words, and the bar's value (undefined while the total is not known yet). */
function importStep(phase: ImportPhase): { words: string; percent?: number } {
  switch (phase.status) {
    case 'starting':
      return { words: 'Starting the import…' };
    case 'running':
      if (phase.found === 0) return { words: 'Reading the source…' };
      if (phase.done < phase.found) return { words: `Read ${phase.done} of ${phase.found} pages and files…`, percent: Math.round((phase.done / phase.found) * 90) };
      return { words: 'Writing the pages into the space…', percent: 95 };
    case 'done':
      return { words: 'Import finished.', percent: 100 };
    default:
      return { words: '' };
  }
}

/** A running import's progress, then its result: what was imported and what could not be. */
export function ImportProgress({ onClose }: { onClose(): void }) {
  const { imports, navigation } = useAppStores();
  const phase = useStore(imports, (state) => state.phase);
  const step = importStep(phase);
  const stepLine = useRef<HTMLParagraphElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const finished = phase.status === 'done';

  // The control that started this is gone: focus follows the import (its step, then its result).
  useEffect(() => {
    (finished ? openButton.current : stepLine.current)?.focus();
  }, [finished]);

  // Opens what was imported: its first page, in the tree that reloads with the new pages.
  const openImported = () => {
    const first = phase.status === 'done' ? phase.result.firstPageId : undefined;
    imports.getState().reset();
    navigation.getState().closeDialog();
    if (first) navigation.getState().openPage(first);
    navigation.getState().contentChanged();
  };

  return (
    <div className="import-progress">
      <div
        className="import-progress__bar"
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={step.percent}
        aria-valuetext={step.words}
      >
        <div
          className={`import-progress__fill${step.percent === undefined ? ' import-progress__fill--indeterminate' : ''}`}
          style={step.percent === undefined ? undefined : { width: `${step.percent}%` }}
        />
      </div>
      <p className="import-progress__step" role="status" ref={stepLine} tabIndex={-1}>
        {step.words}
      </p>
      {phase.status === 'done' ? (
        <>
          <p className="import-result" data-testid="import-result">
            Imported {countOf(phase.result.pages, 'page')}
            {phase.result.files ? ` and ${countOf(phase.result.files, 'file')}` : ''}.
          </p>
          {phase.result.failures.length > 0 && (
            <details className="import-result__failures" open>
              <summary>{countOf(phase.result.failures.length, 'item')} could not be imported</summary>
              <ul>
                {phase.result.failures.map((failure) => (
                  <li key={failure}>{failure}</li>
                ))}
              </ul>
            </details>
          )}
          <div className="import-form__actions">
            <button className="button" type="button" onClick={() => imports.getState().reset()}>
              Import more
            </button>
            <button className="button button--primary" type="button" ref={openButton} onClick={openImported}>
              Open imported pages
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="hint">You can close this window: the import keeps running in the background, and the sidebar says when it ends.</p>
          <div className="import-form__actions">
            <button className="button" type="button" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </div>
  );
}
