import { isProcessing, type OpenAPISpec, processingLabel } from './openapi-model';

/** Where a spec's processing is, in words (colour only repeats them); a failure says so next to it. */
export function ProcessingBadge({ spec }: { spec: Pick<OpenAPISpec, 'processingState' | 'lastProcessErrorCode'> }) {
  const failed = spec.processingState === 'complete' && spec.lastProcessErrorCode !== undefined;
  const kind = failed ? 'failed' : isProcessing(spec) ? 'busy' : 'done';
  return (
    <span className={`badge openapi-state openapi-state--${kind}`}>
      {isProcessing(spec) && <span className="spinner spinner--small" aria-hidden="true" />}
      {failed ? 'Last processing failed' : processingLabel(spec.processingState)}
    </span>
  );
}
