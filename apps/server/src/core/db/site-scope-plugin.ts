import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  type ColumnUpdateNode,
  type CommonTableExpressionNode,
  type DeleteQueryNode,
  IdentifierNode,
  type InsertQueryNode,
  type JoinNode,
  type KyselyPlugin,
  ListNode,
  type MergeQueryNode,
  OnNode,
  type OperationNode,
  OperatorNode,
  ParensNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryId,
  type QueryResult,
  ReferenceNode,
  type RootOperationNode,
  type SelectQueryNode,
  TableNode,
  type UnknownRow,
  type UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
  type WithNode,
} from 'kysely';

/**
 * Adds `<table>.site_id = <site>` for every site-owned table a statement names, wherever it names
 * it: FROM lists, joins, subqueries, common table expressions (recursive ones too), UPDATE and
 * DELETE targets; and stamps or checks `site_id` on inserts. Any table that is not global and not
 * a common table expression in scope counts as site-owned, so a table nobody declared fails loudly
 * (no site_id column) rather than leaking. Tables written inside `sql` fragments are text to it:
 * name site tables through the builder.
 *
 * Conditions on LEFT and INNER joins go into ON, keeping outer-join semantics; other joins (RIGHT,
 * FULL, CROSS) and FROM tables get theirs in WHERE, which may drop unmatched rows but never adds
 * another site's.
 */
export class SiteScopePlugin implements KyselyPlugin {
  constructor(
    private readonly siteId: number,
    private readonly globalTables: ReadonlySet<string>,
  ) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return new SiteScopeTransformer(this.siteId, this.globalTables).transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

type Filter = OperationNode;

/** Node kinds with no statement inside: the walk does not descend into them. */
const LEAVES = new Set([
  'ValueNode',
  'PrimitiveValueListNode',
  'DefaultInsertValueNode',
  'IdentifierNode',
  'ColumnNode',
  'TableNode',
  'ReferenceNode',
  'OperatorNode',
  'SelectAllNode',
]);

function isNode(value: unknown): value is OperationNode {
  return (
    typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string'
  );
}

/**
 * Walks a statement and copies only the nodes on the way to a change, so a plain query costs a
 * read of its tree and one new root (Kysely's own transformer rebuilds every node).
 */
class SiteScopeTransformer {
  /** Names of common table expressions visible at the current point, innermost last. */
  private readonly ctes: string[][] = [];

  constructor(
    private readonly siteId: number,
    private readonly globalTables: ReadonlySet<string>,
  ) {}

  transformNode<T extends OperationNode>(node: T, _queryId?: QueryId): T {
    return this.visit(node);
  }

  private visit<T extends OperationNode>(node: T): T {
    if (LEAVES.has(node.kind)) return node;
    switch (node.kind) {
      case 'SelectQueryNode':
        return this.statement(node as unknown as SelectQueryNode, (n) => this.scopeSelect(n)) as unknown as T;
      case 'UpdateQueryNode':
        return this.statement(node as unknown as UpdateQueryNode, (n) => this.scopeUpdate(n)) as unknown as T;
      case 'DeleteQueryNode':
        return this.statement(node as unknown as DeleteQueryNode, (n) => this.scopeDelete(n)) as unknown as T;
      case 'InsertQueryNode':
        return this.statement(node as unknown as InsertQueryNode, (n) => this.scopeInsert(n)) as unknown as T;
      case 'MergeQueryNode':
        if (this.filtersFor((node as unknown as MergeQueryNode).into).length > 0)
          throw new Error('MERGE into a site table is not supported through the site-scoped handle.');
        return this.children(node);
      default:
        return this.children(node);
    }
  }

  /** The node with its children visited; the same object when none changed. */
  private children<T extends OperationNode>(node: T, skip?: string): T {
    const fields = node as unknown as Record<string, unknown>;
    let copy: Record<string, unknown> | null = null;
    for (const key of Object.keys(fields)) {
      if (key === skip) continue;
      const value = fields[key];
      let next = value;
      if (Array.isArray(value)) next = this.list(value);
      else if (isNode(value)) next = this.visit(value);
      if (next !== value) {
        copy ??= { ...fields };
        copy[key] = next;
      }
    }
    return copy ? (copy as unknown as T) : node;
  }

  private list(values: readonly unknown[]): readonly unknown[] {
    let copy: unknown[] | null = null;
    values.forEach((value, index) => {
      const next = isNode(value) ? this.visit(value) : value;
      if (next !== value) {
        copy ??= [...values];
        copy[index] = next;
      }
    });
    return copy ?? values;
  }

  private statement<T extends OperationNode & { with?: WithNode }>(node: T, scope: (inner: T) => T): T {
    // A scoped subquery embedded in another statement is scoped again there: a repeated condition, no harm.
    return this.withCtes(node, (rest) => scope(this.children(rest, 'with')));
  }

  private scopeSelect(inner: SelectQueryNode): SelectQueryNode {
    const filters = (inner.from?.froms ?? []).flatMap((from) => this.filtersFor(from));
    const { joins, where } = this.scopeJoins(inner.joins);
    return { ...withWhere(inner, [...filters, ...where]), ...(joins ? { joins } : {}) };
  }

  private scopeUpdate(inner: UpdateQueryNode): UpdateQueryNode {
    const targets = inner.table ? this.filtersFor(inner.table) : [];
    if (targets.length > 0) refuseSiteChange(inner.updates);
    const filters = [...targets, ...(inner.from?.froms ?? []).flatMap((from) => this.filtersFor(from))];
    const { joins, where } = this.scopeJoins(inner.joins);
    return { ...withWhere(inner, [...filters, ...where]), ...(joins ? { joins } : {}) };
  }

  private scopeDelete(inner: DeleteQueryNode): DeleteQueryNode {
    const filters = [
      ...inner.from.froms.flatMap((from) => this.filtersFor(from)),
      ...(inner.using?.tables ?? []).flatMap((table) => this.filtersFor(table)),
    ];
    const { joins, where } = this.scopeJoins(inner.joins);
    return { ...withWhere(inner, [...filters, ...where]), ...(joins ? { joins } : {}) };
  }

  private scopeInsert(inner: InsertQueryNode): InsertQueryNode {
    if (!inner.into || this.filtersFor(inner.into).length === 0) return inner;
    refuseSiteChange(inner.onConflict?.updates);
    return this.stampSite(inner);
  }

  /**
   * Visits a statement's WITH clause with the right names visible: each expression sees the ones
   * before it (and all of them, itself included, when recursive); the body sees them all.
   */
  private withCtes<T extends { with?: WithNode }>(node: T, body: (rest: T) => T): T {
    const withNode = node.with;
    if (!withNode) return body(node);
    const names = withNode.expressions.map(cteName);
    const expressions = withNode.expressions.map((expression, index) =>
      this.within(withNode.recursive ? names : names.slice(0, index), () => this.visit(expression)),
    );
    const transformed = this.within(names, () => body(node));
    return { ...transformed, with: { ...withNode, expressions } };
  }

  private within<R>(names: string[], work: () => R): R {
    this.ctes.push(names);
    try {
      return work();
    } finally {
      this.ctes.pop();
    }
  }

  /** The site condition for a FROM item, when it is a site table (aliased or not). */
  private filtersFor(item: OperationNode): Filter[] {
    if (ListNode.is(item)) return item.items.flatMap((i) => this.filtersFor(i));
    let table: OperationNode = item;
    let name: string | null = null;
    if (AliasNode.is(item)) {
      table = item.node;
      name = IdentifierNode.is(item.alias) ? item.alias.name : null;
    }
    if (!TableNode.is(table)) return [];
    const tableName = table.table.identifier.name;
    if (this.globalTables.has(tableName) || this.ctes.some((scope) => scope.includes(tableName))) return [];
    return [siteCondition(name ?? tableName, this.siteId)];
  }

  private scopeJoins(joins: readonly JoinNode[] | undefined): { joins?: JoinNode[]; where: Filter[] } {
    if (!joins) return { where: [] };
    const where: Filter[] = [];
    const scoped = joins.map((join) => {
      const filters = this.filtersFor(join.table);
      if (filters.length === 0) return join;
      if (ON_JOINS.has(join.joinType)) {
        const on = join.on ? [grouped(join.on.on), ...filters] : filters;
        return { ...join, on: OnNode.create(conjunction(on)) };
      }
      where.push(...filters);
      return join;
    });
    return { joins: scoped, where };
  }

  /** Inserts into a site table get this site's id; a different one is refused. */
  private stampSite(node: InsertQueryNode): InsertQueryNode {
    const columns = node.columns ?? [];
    const at = columns.findIndex((c) => c.column.name === 'site_id');
    const values = node.values;
    if (!values || !ValuesNode.is(values)) {
      throw new Error('Inserts into a site table take values, not a query, through the site-scoped handle.');
    }
    if (at >= 0) {
      for (const row of values.values) {
        const given = PrimitiveValueListNode.is(row) ? row.values[at] : literalOf(row.values[at]);
        if (given !== this.siteId)
          throw new Error(`An insert through the handle of site ${this.siteId} names another site.`);
      }
      return node;
    }
    const rows = values.values.map((row) =>
      PrimitiveValueListNode.is(row)
        ? PrimitiveValueListNode.create([...row.values, this.siteId])
        : ValueListNode.create([...row.values, ValueNode.create(this.siteId)]),
    );
    return { ...node, columns: [...columns, ColumnNode.create('site_id')], values: ValuesNode.create(rows) };
  }
}

/** Joins whose ON clause may carry the condition without letting the joined table's other rows through. */
const ON_JOINS = new Set<JoinNode['joinType']>([
  'InnerJoin',
  'LeftJoin',
  'LateralInnerJoin',
  'LateralLeftJoin',
]);

function cteName(expression: CommonTableExpressionNode): string {
  return expression.name.table.table.identifier.name;
}

function siteCondition(table: string, siteId: number): Filter {
  return BinaryOperationNode.create(
    ReferenceNode.create(ColumnNode.create('site_id'), TableNode.create(table)),
    OperatorNode.create('='),
    ValueNode.create(siteId),
  );
}

/** Parenthesises anything that is not a plain comparison, so `a or b` cannot swallow the site condition. */
function grouped(node: OperationNode): OperationNode {
  return BinaryOperationNode.is(node) || ParensNode.is(node) ? node : ParensNode.create(node);
}

function conjunction(filters: readonly OperationNode[]): OperationNode {
  const [first, ...rest] = filters;
  if (!first) throw new Error('No filters to combine');
  return rest.reduce<OperationNode>((left, right) => AndNode.create(left, right), first);
}

function withWhere<T extends { where?: WhereNode }>(node: T, filters: readonly Filter[]): T {
  if (filters.length === 0) return node;
  const all = node.where ? [grouped(node.where.where), ...filters] : filters;
  return { ...node, where: WhereNode.create(conjunction(all)) };
}

function refuseSiteChange(updates: readonly ColumnUpdateNode[] | undefined): void {
  for (const update of updates ?? []) {
    if (ColumnNode.is(update.column) && update.column.column.name === 'site_id')
      throw new Error('A row cannot be moved to another site through the site-scoped handle.');
  }
}

function literalOf(node: OperationNode | undefined): unknown {
  return node && ValueNode.is(node) ? node.value : undefined;
}
