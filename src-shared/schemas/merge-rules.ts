import { z } from 'zod';

/** The MergeRule values Folio enforces (change-requests/merge-rules.ts); any other is refused with a 400 naming it. */
const IMPLEMENTED_MERGE_RULES = [
  'require_at_least_one_review',
  'require_at_least_one_approved_review',
  'require_all_reviews_approved',
  'require_change_request_subject',
  'require_change_request_description',
] as const;
export type ImplementedMergeRule = (typeof IMPLEMENTED_MERGE_RULES)[number];

/** Every rule name of 0.202.0's MergeRule, so a known but unimplemented one gets a precise refusal. */
const KNOWN_BUT_NOT_ENFORCED = [
  'require_specific_reviewers',
  'require_one_of_specific_reviewers',
  'allow_bypass',
  'require_agent_review',
  'require_up_to_date_change_request',
  'require_author_to_merge',
  'custom',
];

const mergeRule = z.looseObject({ rule: z.string().min(1).max(100) }).transform((value, ctx) => {
  const name = value.rule;
  if ((IMPLEMENTED_MERGE_RULES as readonly string[]).includes(name)) return { rule: name as ImplementedMergeRule };
  ctx.addIssue({
    code: 'custom',
    path: ['rule'],
    message: KNOWN_BUT_NOT_ENFORCED.includes(name)
      ? `Folio does not enforce the merge rule "${name}" (it enforces ${IMPLEMENTED_MERGE_RULES.join(', ')})`
      : `unknown merge rule "${name}"`,
  });
  return z.NEVER;
});

/** MergeRulesStandaloneConfiguration: rules that must all pass, or none. */
const rulesConfiguration = z.strictObject({ type: z.literal('rules'), rules: z.array(mergeRule).max(20) });
const noneConfiguration = z.strictObject({ type: z.literal('none') });
export const mergeRulesStandalone = z.discriminatedUnion('type', [rulesConfiguration, noneConfiguration]);
export type MergeRulesStandalone = { type: 'rules'; rules: Array<{ rule: ImplementedMergeRule }> } | { type: 'none' };

/** MergeRulesSpaceConfiguration: the organization's rules (`inherit`, the default) or the space's own. */
// One discriminated union (not a union of unions), so a refusal names the rule rather than "Invalid input".
export const mergeRulesSpace = z.discriminatedUnion('type', [z.strictObject({ type: z.literal('inherit') }), rulesConfiguration, noneConfiguration]);
export type MergeRulesSpace = { type: 'inherit' } | MergeRulesStandalone;
