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
      }),
    ).not.toThrow();
  });

  it('uses the newest spec for operations 0.137.0 lacks', () => {
    expect(findOperation('POST', '/v1/orgs')?.spec.name).toBe('latest');
    expect(findOperation('GET', '/v1/orgs')?.spec.name).toBe('0.137.0');
  });
});
