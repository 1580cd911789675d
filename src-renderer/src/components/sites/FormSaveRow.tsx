/**
 * The end of a site form: why the last save was refused (its field marked by the form through `errorId`),
 * and, for those who may change it, the Save button, inactive while nothing changed or a save runs.
 */
export function FormSaveRow(props: { what: string; error?: string; errorId: string; pending: boolean; changed: boolean; canEdit: boolean }) {
  return (
    <>
      {props.error && (
        <p className="error-text" id={props.errorId} role="alert">
          Could not save the {props.what}: {props.error}
        </p>
      )}
      {props.canEdit && (
        <div className="create-form__actions">
          <button className="button button--primary" type="submit" aria-disabled={props.pending || !props.changed}>
            {props.pending ? 'Saving…' : `Save ${props.what}`}
          </button>
        </div>
      )}
    </>
  );
}
