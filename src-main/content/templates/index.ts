import { apiDocs } from './api-docs';
import { knowledgeBase } from './knowledge-base';
import { productDocs } from './product-docs';
import type { SpaceTemplate } from './template';

/** The templates a space can be started from, by id. */
export const SPACE_TEMPLATES: ReadonlyMap<string, SpaceTemplate> = new Map([productDocs, apiDocs, knowledgeBase].map((t) => [t.id, t]));
