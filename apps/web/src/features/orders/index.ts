// What other features may use from orders.
export { type Order, orderKeys, useOrders } from './api/get-orders';
export { SalesTable } from './components/sales-table';
export { SplitFigures } from './components/split-figures';
export { completedSales, orderPriceKind } from './utils';
