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

/** The query of the dashboard's one call (the shop schema's `dashboard` action), days in the browser's time zone. */
export const summaryQuery = (shopId: number | '', days: number) => ({
  days,
  offset: -new Date().getTimezoneOffset(),
  ...(shopId === '' ? {} : { shopId }),
});
