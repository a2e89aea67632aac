// The category tree is built in the browser from the flat list of GET /categories (each with its parentId).
import type { Category } from '#schema';

export type CategoryNode = Category & { children: CategoryNode[] };

const byOrder = (a: CategoryNode, b: CategoryNode) => a.ordinal - b.ordinal || a.title.localeCompare(b.title);

/**
 * Attaches every category to its parent, siblings ordered by ordinal then title. A category whose
 * parent is not in the list (hidden from the caller, or deleted) becomes a root, and a parent cycle in
 * bad data is cut where it closes, so every category appears exactly once.
 */
export function buildCategoryTree(categories: readonly Category[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>();
  for (const c of categories) if (!nodes.has(c.id)) nodes.set(c.id, { ...c, children: [] });
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (!parent || closesCycle(nodes, node)) roots.push(node);
    else parent.children.push(node);
  }
  const sort = (list: CategoryNode[]) => {
    list.sort(byOrder);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** True when following parents from `node` leads back to it, and `node` is the member of the cycle with the smallest id (so the cycle is cut once). */
function closesCycle(nodes: Map<string, CategoryNode>, node: CategoryNode): boolean {
  const seen = new Set<string>([node.id]);
  let smallest = node.id;
  let current = node.parentId ? nodes.get(node.parentId) : undefined;
  while (current) {
    if (current.id === node.id) return smallest === node.id;
    if (seen.has(current.id)) return false;
    seen.add(current.id);
    if (current.id < smallest) smallest = current.id;
    current = current.parentId ? nodes.get(current.parentId) : undefined;
  }
  return false;
}

/** Every category below the given nodes, depth first (for counting and look-ups). */
export function flatten(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}
