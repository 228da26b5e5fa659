/**
 * Lint rule: the tables the server keeps answers of in memory (products, product_variants,
 * users) and the database functions that move stock are written only where the write tells
 * the caches what it changed (src/db/changed.ts, decision 141). Anywhere else such a write
 * would leave kept answers stale without an error, so it is refused at lint time.
 *
 * It finds Drizzle writes (`.insert(products)`, `.update(schema.users)`, ...) and SQL text, in
 * template literals and strings, that writes those tables or calls those functions.
 */

/** The Drizzle table objects of the watched tables. */
const TABLE_OBJECTS = new Set(['products', 'productVariants', 'users']);
const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
const SQL_WRITE =
  /\b(?:update|insert\s+into|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:products|product_variants|users)\b/i;
const STOCK_FUNCTION = /\b(?:cart_reserve|cart_change_line|cart_release_lapsed)\b/i;

const MESSAGE =
  'Write products, product variants, stock and users only in the repositories that tell the ' +
  "caches what changed (src/db/changed.ts, decision 141); call one of them, or add this file to the rule's allowed files and tell the change.";

const tableName = (node) =>
  node?.type === 'Identifier'
    ? node.name
    : node?.type === 'MemberExpression' && node.property.type === 'Identifier'
      ? node.property.name
      : undefined;

const writesSql = (text) => SQL_WRITE.test(text) || STOCK_FUNCTION.test(text);

export const writesTellChanges = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps writes of cached tables where they tell the caches' },
    messages: { elsewhere: MESSAGE },
    schema: [],
  },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'elsewhere' });
    return {
      CallExpression(node) {
        const { callee } = node;
        if (
          callee.type === 'MemberExpression' &&
          callee.property.type === 'Identifier' &&
          WRITE_METHODS.has(callee.property.name) &&
          TABLE_OBJECTS.has(tableName(node.arguments[0]))
        )
          report(node);
      },
      TemplateLiteral(node) {
        // The text around the interpolations, as the database would read it.
        if (writesSql(node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' $ ')))
          report(node);
      },
      Literal(node) {
        if (typeof node.value === 'string' && writesSql(node.value)) report(node);
      },
    };
  },
};

/** The plugin that carries the rule, for eslint.config.js. */
export default { rules: { 'writes-tell-changes': writesTellChanges } };
