import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface Installation {
  id: string;
  target: { organization: string };
}

let h: BrowserHarness;
let spaceId: string;
const main = () => h.page.getByRole('main');
const card = (title: string) => main().getByRole('list', { name: 'Integrations' }).getByRole('article', { name: title });
const installations = async (name: string) => (await h.api<{ items: Installation[] }>('GET', `/v1/integrations/${name}/installations`)).items;

beforeAll(async () => {
  h = await startBrowserHarness('integrations');
  h.page.setDefaultTimeout(10_000);
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  await h.signIn();
});

afterAll(async () => {
  await h?.close();
});

describe('the Integrations screen', () => {
  it('says that publishing is done with the API or the CLI when there are none', async () => {
    await h.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Integrations' }).click();
    await main().getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await main().getByText('No integrations yet').waitFor();
    await main().getByText(/Developers publish integrations with the API or the CLI/).waitFor();
    expect(new URL(h.page.url()).hash).toBe(`#/orgs/${h.orgId}/integrations`);
  });

  it('lists an integration published through /v1, with its owner, as not installed', async () => {
    await h.api('POST', '/v1/integrations/acme-analytics', {
      title: 'Acme Analytics',
      description: 'Counts page views on your spaces',
      script: 'export default {};',
      organization: h.orgId,
      target: 'all',
      scopes: [],
    });
    await h.page.reload();
    const acme = card('Acme Analytics');
    await acme.getByText('Counts page views on your spaces').waitFor();
    await acme.getByText(/By My Organization/).waitFor();
    await acme.getByText('Not installed', { exact: true }).waitFor();
    expect(await installations('acme-analytics')).toEqual([]);
  });

  it('installs it on the organization, as /v1 then lists, and on a space from the picker', async () => {
    const acme = card('Acme Analytics');
    await acme.getByRole('button', { name: 'Install Acme Analytics on the organization' }).click();
    await acme.getByText('Installed', { exact: true }).waitFor();
    const [installation] = await installations('acme-analytics');
    expect(installation).toMatchObject({ target: { organization: h.orgId } });
    await acme.getByText('External id: none').waitFor();

    await acme.getByLabel('Install Acme Analytics on a space').selectOption({ label: 'Handbook' });
    await acme.getByRole('button', { name: 'Install on space' }).click();
    await acme.getByText('On spaces: Handbook').waitFor();
    const onSpace = await h.api<{ items: Array<{ name: string }> }>('GET', `/v1/spaces/${spaceId}/integrations`);
    expect(onSpace.items.map((i) => i.name)).toEqual(['acme-analytics']);
    await h.page.getByRole('status').filter({ hasText: 'Installed “Acme Analytics” on the space “Handbook”.' }).waitFor({ state: 'attached' });
    await h.screenshot('integrations-installed');
  });

  it('shows the installation’s external id, and uninstalls after asking once more', async () => {
    const [installation] = await installations('acme-analytics');
    await h.api('PATCH', `/v1/integrations/acme-analytics/installations/${installation!.id}`, { externalIds: ['acct-42'] });
    await h.page.reload();
    const acme = card('Acme Analytics');
    await acme.getByText('acct-42').waitFor();
    await acme.getByRole('button', { name: 'Uninstall Acme Analytics' }).click();
    await acme.getByRole('button', { name: 'Uninstall “Acme Analytics”' }).click();
    await acme.getByText('Not installed', { exact: true }).waitFor();
    expect(await installations('acme-analytics')).toEqual([]);
    expect(h.pageErrors).toEqual([]);
  });
});
