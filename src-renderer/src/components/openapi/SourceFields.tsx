import { useId } from 'react';
import { SOURCE_URL_MAX, type SourceDraft } from './openapi-model';

/** Where a spec comes from: an address Folio fetches, or the specification pasted as text. */
export function SourceFields({ source, onChange, invalid }: { source: SourceDraft; onChange(source: SourceDraft): void; invalid?: boolean }) {
  const ids = { url: useId(), text: useId(), hint: useId() };
  return (
    <fieldset className="openapi-source">
      <legend>Source</legend>
      <div className="openapi-source__kinds">
        <label>
          <input type="radio" checked={source.kind === 'url'} onChange={() => onChange({ kind: 'url', value: '' })} /> From a URL
        </label>
        <label>
          <input type="radio" checked={source.kind === 'text'} onChange={() => onChange({ kind: 'text', value: '' })} /> Paste the text
        </label>
      </div>
      {source.kind === 'url' ? (
        <div className="field">
          <label htmlFor={ids.url}>Specification URL</label>
          <input
            id={ids.url}
            type="url"
            value={source.value}
            maxLength={SOURCE_URL_MAX}
            placeholder="https://example.com/openapi.yaml"
            autoComplete="off"
            aria-describedby={ids.hint}
            aria-invalid={invalid || undefined}
            onChange={(e) => onChange({ kind: 'url', value: e.target.value })}
          />
          <p className="hint" id={ids.hint}>
            Folio downloads it (within 10 seconds and 10 MiB) each time it is processed.
          </p>
        </div>
      ) : (
        <div className="field">
          <label htmlFor={ids.text}>Specification text</label>
          <textarea
            id={ids.text}
            className="openapi-source__text"
            value={source.value}
            rows={10}
            spellCheck={false}
            placeholder={'openapi: 3.0.3\ninfo:\n  title: Pet Store\n  version: 1.0.0\npaths: {}'}
            aria-describedby={ids.hint}
            aria-invalid={invalid || undefined}
            onChange={(e) => onChange({ kind: 'text', value: e.target.value })}
          />
          <p className="hint" id={ids.hint}>
            OpenAPI 3.x or Swagger 2.0, in JSON or YAML.
          </p>
        </div>
      )}
    </fieldset>
  );
}
