/**
 * The list rules the spec states in words (an order, range parameters), as the mock applies them and
 * the kit judges them. A module of its own, free of Node built-ins, so that the browser mock can
 * import it without the config loader the package index brings.
 * @packageDocumentation
 */
export { firstOutOfOrder, inListOrder, orderKey } from './_internals/list-order.js';
export { outsideRange, rangeBound } from './_internals/range-filters.js';
