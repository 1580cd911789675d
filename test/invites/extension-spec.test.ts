import { describe, expect, it } from 'vitest';
import { assertMatchesSpec, findOperation } from '../support/spec';

// The invite extensions (docs/folio-extensions.openapi.json) are validated like GitBook's operations: prove it.
describe('the Folio extensions in the spec validator', () => {
  const invite = {
    object: 'organization-invite',
    id: 'inv',
    email: 'a@example.com',
    role: 'read',
    sso: false,
    organization: { id: 'org', title: 'Org' },
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    expiresAt: '2026-02-04T10:00:00.000Z',
  };

  it('finds the extension operations beside GitBook’s own on the same paths', () => {
    expect(findOperation('DELETE', '/v1/orgs/o/invites/i')?.template).toBe('/orgs/{organizationId}/invites/{inviteId}');
    expect(findOperation('GET', '/v1/user/invites')?.spec.name).toBe('latest');
    expect(findOperation('POST', '/v1/orgs/o/invites')?.spec.name).toBe('0.137.0');
  });

  it('accepts a well-formed invite list and rejects an invite missing a field or carrying another', () => {
    expect(() => assertMatchesSpec('GET', '/v1/user/invites', 200, { items: [invite], count: 1 })).not.toThrow();
    const { email: _email, ...noEmail } = invite;
    expect(() => assertMatchesSpec('GET', '/v1/user/invites', 200, { items: [noEmail], count: 1 })).toThrow(/email/);
    expect(() => assertMatchesSpec('GET', '/v1/orgs/o/invites', 200, { items: [{ ...invite, userId: 'u' }], count: 1 })).toThrow();
  });

  it('requires the 205 of a revoke or decline to have no body', () => {
    expect(() => assertMatchesSpec('DELETE', '/v1/user/invites/i', 205, { ok: true })).toThrow(/no body/);
  });
});
