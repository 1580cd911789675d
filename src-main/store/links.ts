import type { Db } from './database';

export interface LinkRow {
  seq: number;
  tree_id: string;
  page_id: string;
  url: string;
  relation: 'reference' | 'dependsOn';
}

export function replacePageLinks(db: Db, treeId: string, pageId: string, links: Array<{ url: string; relation: string }>): void {
  db.prepare('DELETE FROM content_links WHERE tree_id = ? AND page_id = ?').run(treeId, pageId);
  const insert = db.prepare('INSERT INTO content_links (tree_id, page_id, url, relation) VALUES (?, ?, ?, ?)');
  for (const link of links) insert.run(treeId, pageId, link.url, link.relation);
}

export function deletePageLinks(db: Db, treeId: string, pageId: string): void {
  db.prepare('DELETE FROM content_links WHERE tree_id = ? AND page_id = ?').run(treeId, pageId);
}

export function linksOfTree(db: Db, treeId: string): LinkRow[] {
  return db.prepare('SELECT * FROM content_links WHERE tree_id = ? ORDER BY seq').all(treeId) as LinkRow[];
}

export function linksOfPage(db: Db, treeId: string, pageId: string): LinkRow[] {
  return db.prepare('SELECT * FROM content_links WHERE tree_id = ? AND page_id = ? ORDER BY seq').all(treeId, pageId) as LinkRow[];
}

export function deleteTreeLinks(db: Db, treeId: string): void {
  db.prepare('DELETE FROM content_links WHERE tree_id = ?').run(treeId);
}

export function copyTreeLinks(db: Db, fromTree: string, toTree: string): void {
  db.prepare(
    'INSERT INTO content_links (tree_id, page_id, url, relation) SELECT ?, page_id, url, relation FROM content_links WHERE tree_id = ?',
  ).run(toTree, fromTree);
}
