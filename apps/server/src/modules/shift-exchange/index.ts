export { shiftExchangeRoutes } from './shift-exchange.routes.ts';
