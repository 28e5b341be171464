/**
 * Check-box tree state: only leaves are stored; a parent is checked when all its leaves are, half-checked when
 * some are (as upstream's el-tree). What is saved is every node with at least one checked leaf.
 */
export interface CheckNode {
  key: string;
  label: string;
  children?: CheckNode[];
}

export type CheckState = 'all' | 'some' | 'none';

export const leavesOf = (node: CheckNode): string[] =>
  node.children?.length ? node.children.flatMap(leavesOf) : [node.key];

export const stateOf = (node: CheckNode, checked: ReadonlySet<string>): CheckState => {
  const leaves = leavesOf(node);
  const n = leaves.filter((k) => checked.has(k)).length;
  return n === 0 ? 'none' : n === leaves.length ? 'all' : 'some';
};

/** Clicking a node: all its leaves on, or all off when they were all on. */
export const toggled = (node: CheckNode, checked: ReadonlySet<string>): Set<string> => {
  const next = new Set(checked);
  const on = stateOf(node, checked) !== 'all';
  for (const k of leavesOf(node)) {
    if (on) next.add(k);
    else next.delete(k);
  }
  return next;
};

/** Keys of every node with at least one checked leaf (parents included). */
export const reachedKeys = (nodes: CheckNode[], checked: ReadonlySet<string>): string[] =>
  nodes.flatMap((n) => (stateOf(n, checked) === 'none' ? [] : [n.key, ...reachedKeys(n.children ?? [], checked)]));

/** The leaves among `keys` (what a saved selection looks like once loaded back). */
export const leafKeys = (nodes: CheckNode[], keys: Iterable<string>): Set<string> => {
  const wanted = new Set(keys);
  return new Set(nodes.flatMap(leavesOf).filter((k) => wanted.has(k)));
};
