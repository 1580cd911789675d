import { appLinksRouter } from './app-links';
import { changeRequestsRouter } from './change-requests';
import { changeRequestReviewsRouter } from './change-request-reviews';
import { collectionsRouter } from './collections';
import { commentsRouter } from './comments';
import { reusableContentsRouter } from './reusable-contents';
import { contentRouter } from './content';
import { filesRouter } from './files';
import { invitesRouter } from './invites';
import { membersRouter } from './members';
import { orgsRouter } from './orgs';
import { openAPIRouter } from './openapi';
import { recentPagesRouter } from './recent-pages';
import { revisionsRouter } from './revisions';
import { samlRouter } from './saml';
import { searchRouter } from './search';
import { settingsRouter } from './settings';
import { sitesRouter } from './sites';
import { siteExternalLinksRouter, siteRedirectsRouter } from './site-redirects';
import { translationsRouter } from './translations';
import { integrationsRouter } from './integrations';
import { spaceExportRouter } from './space-export';
import { gitSyncRouter } from './git-sync';
import { spacesRouter } from './spaces';
import { syncRouter } from './sync';
import { teamsRouter } from './teams';
import { permissionsRouter } from './permissions';
import { router } from './trpc';
import { userRouter } from './user';

/**
 * The renderer's API, one file per resource. Procedures call the same services and presenters as
 * the /v1 routes, so the app and local tools always see the same objects (test/trpc compares them).
 */
export const appRouter = router({
  user: userRouter,
  orgs: orgsRouter,
  members: membersRouter,
  invites: invitesRouter,
  teams: teamsRouter,
  permissions: permissionsRouter,
  spaces: spacesRouter,
  sync: syncRouter,
  collections: collectionsRouter,
  content: contentRouter,
  reusableContents: reusableContentsRouter,
  spaceExport: spaceExportRouter,
  gitSync: gitSyncRouter,
  files: filesRouter,
  changeRequests: changeRequestsRouter,
  changeRequestReviews: changeRequestReviewsRouter,
  revisions: revisionsRouter,
  recentPages: recentPagesRouter,
  settings: settingsRouter,
  comments: commentsRouter,
  search: searchRouter,
  saml: samlRouter,
  sites: sitesRouter,
  siteRedirects: siteRedirectsRouter,
  siteExternalLinks: siteExternalLinksRouter,
  translations: translationsRouter,
  integrations: integrationsRouter,
  openapi: openAPIRouter,
  appLinks: appLinksRouter,
});

export type AppRouter = typeof appRouter;
