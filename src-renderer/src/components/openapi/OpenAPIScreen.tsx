import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { Organization } from '../../api/types';
import { useAppStores } from '../stores-context';
import { SpecList } from './SpecList';
import { SpecPage } from './SpecPage';

/** The organization's OpenAPI specifications: the list, or one spec's page (`#/orgs/{id}/openapi[/{slug}]`). */
export function OpenAPIScreen({ organization }: { organization: Organization }) {
  const { openapi } = useAppStores();
  const slug = useStore(openapi, (state) => state.screen?.slug);
  const notice = useStore(openapi, (state) => state.notice);

  useEffect(() => {
    document.title = `API specs · ${organization.title} · Folio`;
  }, [organization]);

  return (
    <div className="sites openapi">
      {slug ? <SpecPage key={slug} organization={organization} /> : <SpecList organization={organization} />}
      <p className="visually-hidden" role="status">
        {notice}
      </p>
    </div>
  );
}
