import { useId, useState } from 'react';
import type { Space } from '../../api/types';
import { requiresApproval } from './change-request-reviews-store';
import { useAppStores } from '../stores-context';
import { useReviews } from './ReviewSection';

/**
 * The space setting "Require an approved review before merging" (GitBook's merge rule
 * require_at_least_one_approved_review on the space). Unticking it goes back to the organization's rules.
 */
export function MergeRulesSetting({ space }: { space: Space }) {
  const { reviews, spaces } = useAppStores();
  const [required, setRequired] = useState(() => requiresApproval(space.mergeRules));
  const pending = useReviews((state) => state.pending.mergeRules === true);
  const error = useReviews((state) => state.errors.mergeRules);
  const heading = useId();
  const canChange = space.permissions.admin;

  return (
    <section className="section" aria-labelledby={heading}>
      <div className="section__header">
        <h2 id={heading}>Merging</h2>
      </div>
      <label className="merge-rules-setting">
        <input
          type="checkbox"
          checked={required}
          disabled={!canChange || pending}
          onChange={async (event) => {
            const wanted = event.target.checked;
            // Shown at once; the server's answer confirms it, a refusal puts it back.
            setRequired(wanted);
            const updated = await reviews.getState().setRequireApproval(space.id, wanted);
            setRequired(updated ? requiresApproval(updated.mergeRules) : !wanted);
            if (updated) void spaces.getState().refresh();
          }}
        />
        Require an approved review before merging
      </label>
      {!canChange && <p className="hint">Only admins of this space can change its merge rules.</p>}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
