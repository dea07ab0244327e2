// A view's stored query (node-tree text, as `pg_rewrite.ev_action::text` prints it) -> where its columns come from.
import { describe, expect, it } from 'vitest';
import { viewTargetOrigins } from './node-tree.ts';

const VAR = '{VAR :varno 1 :varattno 1 :vartype 23 :varnullingrels (b) :varlevelsup 0 :location -1}';
const entry = (resno: number, resname: string, table: number, column: number, junk = false) =>
  `{TARGETENTRY :expr ${VAR} :resno ${resno} :resname ${resname} :ressortgroupref 0 ` +
  `:resorigtbl ${table} :resorigcol ${column} :resjunk ${junk}}`;
const query = (rtable: string, targets: string[]) =>
  `({QUERY :commandType 1 :utilityStmt <> :cteList <> :rtable (${rtable}) :jointree {FROMEXPR :fromlist ` +
  `({RANGETBLREF :rtindex 1}) :quals <>} :targetList (${targets.join(' ')}) :sortClause <> :stmt_len -1})`;
const TABLE = '{RANGETBLENTRY :alias <> :eref {ALIAS :aliasname t :colnames ("id" "name")} :rtekind 0 :relid 16384}';

describe('viewTargetOrigins', () => {
  it.each([
    [
      'columns shown under their own or another name',
      query(TABLE, [entry(1, 'project_id', 16384, 1), entry(2, 'name', 16384, 2)]),
      [
        { position: 1, relation: 16384, column: 1 },
        { position: 2, relation: 16384, column: 2 },
      ],
    ],
    [
      'an expression, which shows no column',
      query(TABLE, [
        `{TARGETENTRY :expr {CONST :consttype 23 :constlen 4 :constisnull false :location -1 :constvalue 4 [ 1 0 0 0 ]} ` +
          ':resno 1 :resname one :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false}',
      ]),
      [{ position: 1, relation: 0, column: 0 }],
    ],
    [
      'names that look like fields or hold escaped characters',
      query(TABLE, [
        entry(1, ':resorigtbl', 16384, 1),
        entry(2, 'a\\ \\(b\\)\\}', 16384, 2),
        entry(3, '\\<>', 16384, 1),
      ]),
      [
        { position: 1, relation: 16384, column: 1 },
        { position: 2, relation: 16384, column: 2 },
        { position: 3, relation: 16384, column: 1 },
      ],
    ],
    [
      'only the outer query, not a subquery read in FROM',
      query(
        `{RANGETBLENTRY :alias {ALIAS :aliasname s :colnames <>} :rtekind 1 :subquery ${query(TABLE, [entry(1, 'id', 99, 9)]).slice(1, -1)}}`,
        [entry(1, 'id', 16384, 1)],
      ),
      [{ position: 1, relation: 16384, column: 1 }],
    ],
    [
      'no junk columns',
      query(TABLE, [entry(1, 'id', 16384, 1), entry(2, 'sort', 16384, 2, true)]),
      [{ position: 1, relation: 16384, column: 1 }],
    ],
    ['nothing from text that is not a query', '({FOO :bar 1})', []],
  ])('reads %s', (_, definition, origins) => {
    expect(viewTargetOrigins(definition)).toEqual(origins);
  });
});
