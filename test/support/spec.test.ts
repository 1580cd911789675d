import { describe, expect, it } from 'vitest';
import { assertMatchesSpec, findOperation } from './spec';

// The validator is what makes every API test meaningful: prove it rejects what it should.
describe('spec validation', () => {
  it('rejects a user without urls', () => {
    expect(() => assertMatchesSpec('GET', '/v1/user', 200, { object: 'user', id: 'x', displayName: 'X' })).toThrow(/urls/);
  });

  it('rejects an error body whose code differs from the status', () => {
    expect(() => assertMatchesSpec('GET', '/v1/user', 404, { error: { code: 400, message: 'x' } })).toThrow();
    expect(() => assertMatchesSpec('GET', '/v1/orgs/abc', 401, { error: { code: 403, message: 'x' } })).toThrow(/differs/);
  });

  it('rejects a body on a documented empty response', () => {
    expect(() => assertMatchesSpec('DELETE', '/v1/orgs/a/teams/b', 204, { ok: true })).toThrow(/no body/);
  });

  it('rejects a success status the operation does not document', () => {
    expect(() => assertMatchesSpec('PUT', '/v1/orgs/a/teams', 200, {})).toThrow(/does not document/);
  });

  it('accepts null where 0.137.0 marks a field nullable', () => {
    expect(() =>
      assertMatchesSpec('PATCH', '/v1/orgs/o/members/u', 200, {
        object: 'member',
        id: 'u',
        role: null,
        user: { object: 'user', id: 'u', displayName: 'U', urls: { location: 'http://x/v1/users/u' } },
        disabled: false,
        joinedAt: new Date().toISOString(),
        sso: false,
        spaces: 0,
        teams: 0,
        sites: 0,
      }),
    ).not.toThrow();
  });

  it('checks an operation both specs publish against each of them', () => {
    // A space as 0.137.0 knew it: the newest spec also requires its merge rules.
    const space = {
      object: 'space', id: 's', title: 'T', emoji: '', organization: 'o', visibility: 'private', revision: 'r',
      createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', comments: 0, changeRequests: 0,
      changeRequestsOpen: 0, changeRequestsDraft: 0, defaultLevel: 'inherit',
      urls: { location: 'http://x/v1/spaces/s', app: 'http://x/s/s' },
      permissions: { view: true, access: true, admin: true, viewInviteLinks: true, edit: true, triggerGitSync: true, comment: true, merge: true, review: true, installIntegration: true },
    };
    expect(() => assertMatchesSpec('GET', '/v1/spaces/s', 200, space, '0.137.0')).not.toThrow();
    expect(() => assertMatchesSpec('GET', '/v1/spaces/s', 200, space)).toThrow(/latest[\s\S]*mergeRules/);
    expect(() => assertMatchesSpec('GET', '/v1/spaces/s', 200, { ...space, mergeRules: { type: 'inherit' } })).not.toThrow();
  });

  it('uses the newest spec for operations 0.137.0 lacks', () => {
    expect(findOperation('POST', '/v1/orgs')?.spec.name).toBe('latest');
    expect(findOperation('GET', '/v1/orgs')?.spec.name).toBe('0.137.0');
  });
});
