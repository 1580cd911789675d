import type { DiffLine } from './change-requests-store';
import { countOf } from '../../format';

const MARKERS = { insert: '+', delete: '−', equal: ' ' } as const;
/** Read before each changed line by screen readers: the colour and the marker are not enough on their own. */
const SPOKEN = { insert: 'Added: ', delete: 'Removed: ', equal: '' } as const;

/**
 * A page's diff as the server computed it (line by line, the changed words of a rewritten line marked).
 * Insertions and deletions differ by colour, by a +/− marker and by <ins>/<del>, so none relies on colour.
 */
export function TextDiff({ lines, label }: { lines: DiffLine[]; label: string }) {
  if (lines.length === 0) return <p className="hint">The page is empty on both sides.</p>;
  return (
    <ol className="diff" aria-label={label}>
      {lines.map((line, index) =>
        line.type === 'skip' ? (
          <li key={index} className="diff__skip">
            {countOf(line.count, 'unchanged line')}
          </li>
        ) : (
          <li key={index} className={`diff__line diff__line--${line.type}`}>
            <span className="diff__marker" aria-hidden="true">
              {MARKERS[line.type]}
            </span>
            <span className="diff__text">
              {SPOKEN[line.type] && <span className="visually-hidden">{SPOKEN[line.type]}</span>}
              <LineText line={line} />
            </span>
          </li>
        ),
      )}
    </ol>
  );
}

function LineText({ line }: { line: Exclude<DiffLine, { type: 'skip' }> }) {
  // An empty line still takes a line's height.
  if (line.text === '') return <span className="diff__empty">{'\u200b'}</span>;
  if (line.type === 'equal' || !('spans' in line) || !line.spans) return <>{line.text}</>;
  return (
    <>
      {line.spans.map((span, index) =>
        span.type === 'insert' ? (
          <ins key={index}>{span.text}</ins>
        ) : span.type === 'delete' ? (
          <del key={index}>{span.text}</del>
        ) : (
          <span key={index}>{span.text}</span>
        ),
      )}
    </>
  );
}
