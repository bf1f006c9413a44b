// What other features may use from orders.
export { type Order, useOrders } from './api/get-orders';
export { SplitFigures } from './components/split-figures';
export { orderPriceKind } from './utils';
