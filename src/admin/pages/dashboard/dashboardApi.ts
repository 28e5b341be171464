import { api } from '../../providers/http';

export interface DayFigures {
  day: string;
  orders: number;
  sales: number;
}

export interface Summary {
  today: { orders: number; sales: number };
  month: { orders: number; sales: number };
  pendingShipments: number;
  pendingReturns: number;
  lowStockSkus: number;
  productsOn: number;
  productsOff: number;
  days: DayFigures[];
}

/** The dashboard's one call: every figure aggregated by the server, days in the browser's time zone. */
export const fetchSummary = (shopId: number | '', days: number) =>
  api<Summary>('/dashboard/summary', {
    query: { days, offset: -new Date().getTimezoneOffset(), ...(shopId === '' ? {} : { shopId }) },
  });
