import { ColumnNode } from 'kysely';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Notes when this process starts a statement that may change what search shows: a write to
 * `domains`, or to an owner's name in `users`. The in-memory search index answers from memory
 * alone only while nothing of the kind happened here lately (its notice from PostgreSQL may
 * not have arrived yet), so a user who changes a listing and then searches on the same
 * instance always sees the change. Plugins carry over into transactions.
 */
export class SearchWriteWatch implements KyselyPlugin {
  /** performance.now() of the last such statement; 0 when none yet. */
  lastWriteAt = 0;

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (changesSearch(node)) this.lastWriteAt = performance.now();
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

const NAME_COLUMNS = new Set(['first_name', 'last_name']);
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?\w+"?\.)?"?(domains|users)"?(?=[\s(]|$)/gi;

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return undefined;
}

function changesSearch(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
      // A new user has no listed domains yet; a new domain is a change.
      return tableName(node.into) === 'domains';
    case 'UpdateQueryNode': {
      const table = tableName(node.table);
      if (table === 'domains') return true;
      if (table !== 'users') return false;
      return (node.updates ?? []).some((u) => ColumnNode.is(u.column) && NAME_COLUMNS.has(u.column.column.name));
    }
    case 'DeleteQueryNode':
      return node.from.froms.some((f) => ['domains', 'users'].includes(tableName(f) ?? ''));
    case 'RawNode': {
      const text = node.sqlFragments.join(' ');
      for (const m of text.matchAll(RAW_WRITE)) {
        if (m[1]!.toLowerCase() === 'domains' || /first_name|last_name|delete\s+from/i.test(text)) return true;
      }
      return false;
    }
    default:
      return false;
  }
}
