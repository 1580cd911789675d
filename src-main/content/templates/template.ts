/**
 * A space template (applyTemplateToSpace): pages written into a space as an import writes its pages, each a
 * document with a markdown body in GitBook's dialect (a group holds pages and has no body). Relative links
 * between the pages follow the files Git Sync would write them to (`getting-started/quickstart.md`), so they
 * resolve to the template's pages once written.
 */
export interface TemplatePage {
  title: string;
  kind?: 'document' | 'group';
  emoji?: string;
  markdown?: string;
  children?: TemplatePage[];
}

export interface SpaceTemplate {
  id: string;
  title: string;
  pages: TemplatePage[];
}
