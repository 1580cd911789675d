import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from '../browser/harness';
import { createTestIdp, serveTestIdp, type TestIdp } from '../support/saml-idp';

let h: BrowserHarness;
let idp: TestIdp;
let idpServer: Awaited<ReturnType<typeof serveTestIdp>>;

beforeAll(async () => {
  h = await startBrowserHarness('saml-sso');
  idp = await createTestIdp('browser-idp');
  // The IdP a browser visits: a web server of the test's own, signing Grace in.
  idpServer = await serveTestIdp(idp, () => ({ email: 'grace@hopper.example', displayName: 'Grace Hopper' }));
});

afterAll(async () => {
  await idpServer?.close();
  await h?.close();
});

describe('single sign-on in a browser', () => {
  it('signs a person in through the IdP and opens the organization they joined, the token never in the address', async () => {
    const org = await h.api<{ id: string }>('POST', '/v1/orgs', { title: 'Hopper Labs' });
    const provider = await h.api<{ service: { startURL: string } }>('POST', `/v1/orgs/${org.id}/saml`, {
      label: 'Corporate IdP',
      entityID: idp.entityId,
      certificate: idp.certificate,
      ssoURL: idpServer.ssoURL,
      defaultRole: 'edit',
    });
    const addresses: string[] = [];
    h.page.on('framenavigated', (frame) => {
      if (frame === h.page.mainFrame()) addresses.push(frame.url());
    });

    await h.page.goto(provider.service.startURL);

    await h.page.getByRole('region', { name: 'Spaces' }).waitFor();
    await expect.poll(() => h.page.getByRole('combobox', { name: 'Organization' }).locator('option:checked').textContent(), { timeout: 10_000 }).toBe('Hopper Labs');
    const token = await h.page.evaluate(() => localStorage.getItem('folio.apiToken'));
    expect(token).toMatch(/^folio_/);
    const me = await fetch(`${h.host.url}/v1/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { email: string }).email).toBe('grace@hopper.example');
    // The code left the address as soon as the page read it; no address ever held the token.
    expect(h.page.url()).not.toContain('code=');
    expect(addresses.some((address) => address.includes('#/sso/complete?code='))).toBe(true);
    expect(addresses.some((address) => address.includes(token!))).toBe(false);
    expect(h.pageErrors).toEqual([]);
    await h.screenshot('saml-signed-in');
  });

  it('shows why on the sign-in page when the code cannot be used', async () => {
    await h.page.evaluate(() => localStorage.clear());
    // A fresh load (not a hash change in the open page), as the ACS redirect is.
    await h.page.goto('about:blank');
    await h.page.goto(`${h.host.url}/#/sso/complete?code=not-a-real-code`);
    await expect.poll(() => h.page.getByRole('alert').textContent(), { timeout: 10_000 }).toContain('Single sign-on did not complete: code:');
    await expect(h.page.getByLabel('Paste an API token').isVisible()).resolves.toBe(true);
  });
});
